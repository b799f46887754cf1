/**
 * The fake server the web tests answer through (issue 45): every answer names an endpoint contract (`on(E.x, …)`),
 * its reply typed from the endpoint's response schema, so a fixture with a renamed field fails `tsc`. The page
 * harness (render-page.tsx) and the plain-DOM activity pages' tests install it over `fetch`.
 */
import type { Endpoint } from '@crm/domain/endpoints';
import { vi } from 'vitest';
import type { z } from 'zod';

/**
 * What the fake server answers: an envelope with its data (typed `T` when the reply is for an endpoint, see `on`),
 * a refusal (an envelope with a non-zero code and no data), an HTTP failure without one, or no answer at all.
 */
export type FakeReply<T = unknown> =
  | { kind: 'envelope'; httpStatus: number; code: 0; msg: string; data: T }
  | { kind: 'refusal'; httpStatus: number; code: number; msg: string; field?: string }
  | { kind: 'http'; httpStatus: number }
  | { kind: 'offline' };

export const ok = <T = null>(data: T = null as T, msg = '操作成功'): FakeReply<T> => ({
  kind: 'envelope',
  httpStatus: 200,
  code: 0,
  msg,
  data,
});
/** A refusal: a non-zero code whose msg the page must show (sent with HTTP 401 where the server says so). */
export const fail = (msg: string, code = 1, httpStatus = 200): FakeReply<never> => ({
  kind: 'refusal',
  httpStatus,
  code,
  msg,
});
/** A refusal about one request field (the envelope's `field`): a form shows msg under that field. */
export const failField = (field: string, msg: string): FakeReply<never> => ({
  kind: 'refusal',
  httpStatus: 200,
  code: 1,
  msg,
  field,
});
/**
 * The replies api-client turns into its network failure, and the one message it shows for them
 * (lib/api-client.ts): a server error without an envelope (an HTML 500 page from a proxy, say), or fetch
 * itself rejecting (no network).
 */
export const network = {
  message: '网络异常，请检查网络后重试',
  httpError: (httpStatus = 500): FakeReply<never> => ({ kind: 'http', httpStatus }),
  offline: (): FakeReply<never> => ({ kind: 'offline' }),
};

/** One call as the page sent it: multipart fields and query parameters flattened to strings. */
export type ApiCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  fields: Record<string, string | string[]>;
  /** Request headers, names in lower case (e.g. the create calls' idempotency-key). */
  headers: Record<string, string>;
  /** A JSON body as sent (the back office's calls), parsed; undefined for a multipart or empty body. */
  json?: unknown;
};

/** A function may answer later (a promise), to hold a reply while the test taps on. */
export type Handler<T = unknown> = FakeReply<T> | ((call: ApiCall) => FakeReply<T> | Promise<FakeReply<T>>);

/** What a call to an endpoint answers: its response as the endpoint's schema takes it. */
export type ReplyData<Target extends Endpoint> = z.input<Target['response']>;

/** Where a test says a call goes: an endpoint contract (issue 45), never a spelled path. */
export type CallTarget = Endpoint;

/** One endpoint's answer, checked against the endpoint's response schema where it was written (`on`). */
export type Answer = { readonly key: string; readonly handler: Handler };

/**
 * The fake server's answer to an endpoint (issue 45): the reply's data is typed from the endpoint's response
 * schema, so a field renamed in the contract fails `tsc` in the fixture, not a page at run time. `method` is for
 * the two endpoints of one path (a GET read and a POST write of the same settings): each answers its own method.
 */
export const on = <E extends Endpoint>(
  endpoint: E,
  handler: Handler<z.input<E['response']>>,
  method?: 'GET' | 'POST',
): Answer => ({ key: method ? `${method} ${endpoint.path}` : endpoint.path, handler });

/** The answers to a contract module's endpoints (`import * as E from '@crm/domain/endpoints/admin'`), by name. */
export type AnswersOf<M> = {
  [K in keyof M as M[K] extends Endpoint ? K : never]?: M[K] extends Endpoint
    ? Handler<z.input<M[K]['response']>>
    : never;
};

/**
 * `on` for many endpoints of one contract module at once, each named as the module exports it:
 * `answersOf(E, { staffList: page([aStaff()]), teamsList: ok([]) })`, every reply typed from its endpoint.
 */
export const answersOf = <M extends object>(contracts: M, table: AnswersOf<M>): Answer[] =>
  Object.entries(table as Record<string, Handler>).map(([name, handler]) => ({
    key: (contracts[name as keyof M] as Endpoint).path,
    handler,
  }));

/** What a page test answers: endpoints' answers (`on`, `answersOf`). */
export type Answers = readonly Answer[];

/** The answers as the fake server looks them up, `METHOD path` or path → handler; a later answer wins. */
function tableOf(answers: Answers): Map<string, Handler> {
  // An object spread of two answer lists (`{ ...A, ...B }`) type-checks as a list; say so rather than answer nothing.
  if (!Array.isArray(answers)) throw new TypeError('answers are a list of on(E.x, …), not an object');
  return new Map<string, Handler>(answers.map(({ key, handler }) => [key, handler]));
}

/**
 * The two failed loads every page must show, as `it.each` rows [name, reply, text shown]: the server's
 * refusal, whose msg the page shows, and a reply without an envelope, shown as the network message.
 */
export const loadFailureCases = (refusal: string): [string, FakeReply<never>, string][] => [
  ['a refusal', fail(refusal), refusal],
  ['a 500', network.httpError(500), network.message],
];
/** What an unfaked path answers, so a missing handler shows up as a visible refusal, never a hang. */
const UNHANDLED_CODE = 404_404;

function fieldsOf(body: unknown): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  if (!(body instanceof FormData)) return fields;
  for (const [key, value] of body.entries()) {
    const text = typeof value === 'string' ? value : `[file ${value.name}]`;
    const seen = fields[key];
    fields[key] = seen === undefined ? text : Array.isArray(seen) ? [...seen, text] : [seen, text];
  }
  return fields;
}

export type FakeApi = {
  /** Every call made so far, in order. */
  calls: ApiCall[];
  /** The calls made to one endpoint (or path). */
  callsTo: (target: CallTarget) => ApiCall[];
  /** The last call made to an endpoint (or path); fails the test when there was none. */
  lastCall: (target: CallTarget) => ApiCall;
  /** Replaces or adds answers, e.g. to make a failed list succeed before tapping retry. */
  set: (answers: Answers) => void;
  /** Paths the page called that no handler answered. */
  unhandled: () => string[];
};

export function installFakeApi(initial: Answers): FakeApi {
  const handlers = tableOf(initial);
  const calls: ApiCall[] = [];
  const missed: string[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams.entries()),
      fields: fieldsOf(init?.body),
      json: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: Object.fromEntries([...new Headers(init?.headers).entries()].map(([k, v]) => [k.toLowerCase(), v])),
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.path}`) ?? handlers.get(call.path);
    if (!handler) missed.push(call.path);
    const reply = !handler
      ? fail(`no fake for ${call.path}`, UNHANDLED_CODE)
      : typeof handler === 'function'
        ? await handler(call)
        : handler;
    if (reply.kind === 'offline') throw new TypeError('Failed to fetch');
    if (reply.kind === 'http') return new Response('<html>error</html>', { status: reply.httpStatus });
    const body =
      reply.kind === 'envelope'
        ? { code: reply.code, msg: reply.msg, data: reply.data }
        : {
            code: reply.code,
            msg: reply.msg,
            data: null,
            ...(reply.field === undefined ? {} : { field: reply.field }),
          };
    return new Response(JSON.stringify(body), {
      status: reply.httpStatus,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    calls,
    callsTo: (target) => calls.filter((call) => call.path === target.path),
    lastCall: (target) => {
      const { path } = target;
      const found = calls.filter((call) => call.path === path).at(-1);
      if (!found)
        throw new Error(`no call to ${path}; calls made: ${calls.map((call) => call.path).join(', ') || 'none'}`);
      return found;
    },
    set: (more) => {
      for (const [key, handler] of tableOf(more)) handlers.set(key, handler);
    },
    unhandled: () => [...missed],
  };
}
