import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestApp } from './build-test-app.ts';

/** Posts a multipart form, as the spec's client does (spec §7). */
export async function postForm(
  app: TestApp['app'],
  url: string,
  fields: Record<string, string | number | null>,
  { cookie, ip, headers }: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value === null ? 'null' : String(value));
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  return app.inject({
    method: 'POST',
    url,
    payload: body,
    // Each request from its own address unless a test is about the per-address limit.
    remoteAddress: ip ?? `127.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
    headers: {
      ...headers,
      'content-type': request.headers.get('content-type') ?? '',
      ...(cookie ? { cookie } : {}),
    },
  });
}

/** A form posted as `postForm` does, answered with the status and the parsed JSON body. */
export async function postForBody<B>(
  app: TestApp['app'],
  url: string,
  fields: Record<string, string | number | null>,
  options: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: B }> {
  const response = await postForm(app, url, fields, options);
  return { status: response.statusCode, body: response.json<B>() };
}

/** A GET with its query as a phone's browser sends it, answered with the status, the parsed JSON body and the raw text. */
export async function getForBody<B>(
  app: TestApp['app'],
  url: string,
  query: Record<string, string | number> = {},
  { cookie, headers }: { cookie?: string | undefined; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: B; raw: string }> {
  const response = await app.inject({
    method: 'GET',
    url,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json<B>(), raw: response.body };
}

/** The cookie header a browser would send back after this response. */
export function cookieFrom(response: LightMyRequestResponse, name = 'crm_session'): string {
  const found = response.cookies.find((c) => c.name === name);
  if (!found) throw new Error(`no ${name} cookie in the response`);
  return `${name}=${found.value}`;
}

/** Asks for a code and logs in with it, as a person would; returns the session cookie. */
export async function loginAs(test: TestApp, person: { corpId: number; phone: string }): Promise<string> {
  const sent = await postForm(test.app, '/common/smsCode', { phone: person.phone });
  if (sent.json<{ code: number }>().code !== 0) throw new Error(`smsCode failed: ${sent.body}`);
  const code = test.sms.lastCodeFor(person.phone);
  if (!code) throw new Error('no code was sent');
  const response = await postForm(test.app, '/api/crm/login', {
    corp_id: person.corpId,
    phone: person.phone,
    code,
    wxworkid: null,
  });
  if (response.json<{ code: number }>().code !== 0) throw new Error(`login failed: ${response.body}`);
  return cookieFrom(response);
}

/** Of a burst of the same call, `winners` succeed and every other one is refused with this message. */
export function expectBurst(bodies: { code: number; msg: string }[], winners: number, refusal: string) {
  expect(bodies.filter((b) => b.code === 0)).toHaveLength(winners);
  expect(bodies.filter((b) => b.code !== 0).every((b) => b.msg === refusal)).toBe(true);
}

/** The envelope every call answers (ARCHITECTURE.md). */
export type Envelope<T = unknown> = { code: number; msg: string; data: T };

/** Posts JSON as a phone's browser does, answered with the status, the parsed envelope and the response. */
export async function postJson<T = unknown>(
  app: TestApp['app'],
  url: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) test', ...headers },
  });
  return { status: response.statusCode, body: response.json<Envelope<T>>(), response };
}

/** A call's status and parsed envelope. */
export type Answer<T = unknown> = { status: number; body: Envelope<T> };

/**
 * A caller as the back office's browser calls: a GET carries its payload as the query, a POST as JSON.
 * It takes the app lazily because suites build theirs in `beforeAll`.
 */
export function cookieCaller(app: () => TestApp['app']) {
  return async <T = unknown>(
    cookie: string,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<Answer<T>> => {
    const response = await app().inject({
      method,
      url:
        method === 'GET' && payload
          ? `${url}?${new URLSearchParams(payload as Record<string, string>).toString()}`
          : url,
      headers: { cookie },
      ...(method === 'POST' ? { payload: payload ?? {} } : {}),
    });
    return { status: response.statusCode, body: response.json() };
  };
}
