import { providerErrorClass } from '../provider-error.ts';
import { systemClock } from '../../clock.ts';
import { tc3Authorization } from './tc3-sign.ts';

/*
 * The one client of Tencent Cloud API v3 (SMS, OCR, and whatever product comes next): it signs with
 * TC3-HMAC-SHA256, posts JSON, gives up after a timeout and turns every failure into TencentCloudError.
 * The adapters keep only their payloads and what the answer means to them.
 */

export interface TencentCloudConnection {
  secretId: string;
  secretKey: string;
  /** Defaults to https://<service>.tencentcloudapi.com; tests point it at a local fake. */
  endpoint?: string;
  fetchImpl?: typeof fetch;
  /** Milliseconds since the epoch; the signature carries the time and Tencent refuses one 5 minutes off. */
  now?: () => number;
  /** Injectable so tests need not wait the real 10 s. */
  timeoutMs?: number;
}

export interface TencentCloudCall {
  /** Product in the credential scope, e.g. 'sms'. Fixed by the caller, not read from a (fake) host. */
  service: string;
  action: string;
  version: string;
  region: string;
  payload: unknown;
}

/** Transport failures carry these codes; Tencent's own refusals carry its Error.Code (e.g. 'AuthFailure.SignatureFailure'). */
export type TencentTransportCode = 'Timeout' | 'NetworkError' | 'BadResponse';

export interface TencentCloudErrorDetails {
  readonly code: string;
  readonly providerMessage?: string;
  readonly requestId?: string;
  readonly cause?: unknown;
}

/** A call that did not answer a Response without Error. The message is for logs, never for users. */
export const TencentCloudError = providerErrorClass<TencentCloudErrorDetails>(
  'TencentCloudError',
  (details) => `Tencent Cloud: ${details.code}${details.providerMessage ? ` (${details.providerMessage})` : ''}`,
);
export type TencentCloudError = InstanceType<typeof TencentCloudError>;

const CONTENT_TYPE = 'application/json; charset=utf-8';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** Calls one action and answers its `Response` object; throws TencentCloudError on any failure. */
export async function callTencentCloud(
  connection: TencentCloudConnection,
  call: TencentCloudCall,
): Promise<Record<string, unknown>> {
  const {
    secretId,
    secretKey,
    fetchImpl = fetch,
    now = () => systemClock().getTime(),
    timeoutMs = 10_000,
  } = connection;
  const url = new URL(connection.endpoint ?? `https://${call.service}.tencentcloudapi.com`);
  const payload = JSON.stringify(call.payload);
  const timestamp = Math.floor(now() / 1000);
  const authorization = tc3Authorization({
    secretId,
    secretKey,
    service: call.service,
    timestamp,
    path: url.pathname,
    // fetch derives the Host header from the URL, so signing url.host signs what is sent.
    signedHeaders: { 'content-type': CONTENT_TYPE, host: url.host, 'x-tc-action': call.action },
    payload,
  });

  let answer: unknown;
  try {
    const res = await fetchImpl(url, {
      method: 'POST',
      headers: {
        Authorization: authorization,
        'Content-Type': CONTENT_TYPE,
        'X-TC-Action': call.action,
        'X-TC-Version': call.version,
        'X-TC-Timestamp': String(timestamp),
        'X-TC-Region': call.region,
      },
      body: payload,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    try {
      answer = JSON.parse(text);
    } catch (cause) {
      throw new TencentCloudError({ code: 'BadResponse', providerMessage: `HTTP ${res.status}`, cause });
    }
  } catch (err) {
    if (err instanceof TencentCloudError) throw err;
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    throw new TencentCloudError({ code: timedOut ? 'Timeout' : 'NetworkError', cause: err });
  }

  const response = isRecord(answer) && isRecord(answer.Response) ? answer.Response : undefined;
  if (!response) throw new TencentCloudError({ code: 'BadResponse', providerMessage: 'no Response object' });
  if (isRecord(response.Error)) {
    throw new TencentCloudError({
      code: str(response.Error.Code) ?? 'UnknownError',
      providerMessage: str(response.Error.Message),
      requestId: str(response.RequestId),
    });
  }
  return response;
}
