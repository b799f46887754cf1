// Test helper: a local stand-in for sms.tencentcloudapi.com. It re-derives the TC3 signature on its
// own (no code shared with tc3-sign.ts) so a signing bug in the adapter fails here rather than in production.
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocally } from '../local-server.ts';

export interface FakeTencentSmsOptions {
  secretId: string;
  secretKey: string;
  /** When set, a request for another SmsSdkAppId is refused like the real service does. */
  sdkAppId?: string;
  /** The fake's clock, for the ±5 minute timestamp check. */
  now?: () => number;
}

/** A scripted answer for the next accepted request (queued, first in first out). */
export type FakeTencentSmsOutcome =
  | { kind: 'error'; code: string; message?: string }
  | { kind: 'status'; code: string; message?: string }
  | { kind: 'hang' };

export interface FakeTencentSmsRequest {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly rawBody: string;
  readonly body: unknown;
  /** null when the signature checked out, else the Tencent error code the fake answered with. */
  readonly authError: string | null;
}

export interface FakeTencentSms {
  readonly endpoint: string;
  readonly requests: readonly FakeTencentSmsRequest[];
  /** Phones that actually got a message, in order. */
  readonly sent: readonly { phone: string; params: readonly string[] }[];
  queue(...outcomes: FakeTencentSmsOutcome[]): void;
  close(): Promise<void>;
}

const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

function header(req: IncomingMessage, name: string): string {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(',') : (v ?? '');
}

/** Returns null when the Authorization header is a valid TC3 signature of this request, else an error code. */
function verifySignature(req: IncomingMessage, rawBody: string, opts: FakeTencentSmsOptions): string | null {
  const auth = header(req, 'authorization');
  const m =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return 'AuthFailure.InvalidAuthorization';
  const [, secretId = '', date = '', service = '', signedHeaders = '', signature = ''] = m;
  if (secretId !== opts.secretId) return 'AuthFailure.SecretIdNotFound';

  const ts = Number(header(req, 'x-tc-timestamp'));
  if (!Number.isInteger(ts)) return 'AuthFailure.InvalidAuthorization';
  const nowSec = Math.floor((opts.now ?? Date.now)() / 1000);
  if (Math.abs(nowSec - ts) > 300) return 'AuthFailure.SignatureExpire';
  if (new Date(ts * 1000).toISOString().slice(0, 10) !== date) return 'AuthFailure.SignatureFailure';
  if (service !== 'sms') return 'AuthFailure.SignatureFailure';

  const names = signedHeaders.split(';');
  if (!names.includes('content-type') || !names.includes('host')) return 'AuthFailure.SignatureFailure';
  let canonical = `${req.method ?? ''}\n${(req.url ?? '/').split('?')[0]}\n${(req.url ?? '').split('?')[1] ?? ''}\n`;
  for (const name of names) canonical += `${name}:${header(req, name).trim().toLowerCase()}\n`;
  canonical += `\n${signedHeaders}\n${createHash('sha256').update(rawBody).digest('hex')}`;

  const toSign = `TC3-HMAC-SHA256\n${ts}\n${date}/${service}/tc3_request\n${createHash('sha256').update(canonical).digest('hex')}`;
  const key = [date, service, 'tc3_request'].reduce<Buffer>(
    (k, part) => createHmac('sha256', k).update(part).digest(),
    Buffer.from(`TC3${opts.secretKey}`),
  );
  const expected = createHmac('sha256', key).update(toSign).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? null : 'AuthFailure.SignatureFailure';
}

export async function startFakeTencentSms(opts: FakeTencentSmsOptions): Promise<FakeTencentSms> {
  const requests: FakeTencentSmsRequest[] = [];
  const sent: { phone: string; params: string[] }[] = [];
  const outcomes: FakeTencentSmsOutcome[] = [];

  const answer = (res: ServerResponse, response: Record<string, unknown>) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ Response: { ...response, RequestId: randomUUID() } }));
  };
  const fail = (res: ServerResponse, code: string, message = code) =>
    answer(res, { Error: { Code: code, Message: message } });

  const server = createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const authError = verifySignature(req, rawBody, opts);
      requests.push({ headers: { ...req.headers }, rawBody, body, authError });

      if (req.method !== 'POST') return fail(res, 'UnsupportedOperation', 'POST required');
      if (!header(req, 'content-type').startsWith('application/json'))
        return fail(res, 'InvalidParameter', 'content-type');
      if (authError) return fail(res, authError);
      if (header(req, 'x-tc-action') !== 'SendSms') return fail(res, 'InvalidAction');
      if (header(req, 'x-tc-version') !== '2021-01-11') return fail(res, 'NoSuchVersion');
      if (!header(req, 'x-tc-region')) return fail(res, 'InvalidParameter', 'X-TC-Region');

      const b = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
      const phones = b.PhoneNumberSet;
      const params = b.TemplateParamSet;
      const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
      if (!isStrings(phones) || phones.length === 0 || !isStrings(params)) {
        return fail(res, 'InvalidParameterValue', 'PhoneNumberSet/TemplateParamSet');
      }
      if (typeof b.SignName !== 'string' || typeof b.TemplateId !== 'string') {
        return fail(res, 'MissingParameter', 'SignName/TemplateId');
      }
      if (opts.sdkAppId !== undefined && b.SmsSdkAppId !== opts.sdkAppId) {
        return fail(res, 'FailedOperation.SmsSdkAppIdVerifyFail');
      }

      const outcome = outcomes.shift();
      if (outcome?.kind === 'hang') return; // keep the socket open; close() tears it down
      if (outcome?.kind === 'error') return fail(res, outcome.code, outcome.message);
      const code = outcome?.kind === 'status' ? outcome.code : 'Ok';
      if (code === 'Ok') for (const phone of phones) sent.push({ phone, params });
      return answer(res, {
        SendStatusSet: phones.map((phone) => ({
          SerialNo: code === 'Ok' ? randomUUID() : '',
          PhoneNumber: phone,
          Fee: code === 'Ok' ? 1 : 0,
          SessionContext: '',
          Code: code,
          Message: outcome?.message ?? (code === 'Ok' ? 'send success' : code),
          IsoCode: 'CN',
        })),
      });
    });
  });

  const endpoint = await listenLocally(server);

  return {
    endpoint,
    requests,
    sent,
    queue: (...more) => void outcomes.push(...more),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
