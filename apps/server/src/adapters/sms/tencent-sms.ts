import { systemClock } from '../../clock.ts';
import { SmsSendError } from './sms.ts';
import type { SmsAdapter } from './sms.ts';
import { tc3Authorization } from './tc3-sign.ts';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region?: string;
  endpoint?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Injectable so tests need not wait the real 10 s. */
  timeoutMs?: number;
}

const ACTION = 'SendSms';
const VERSION = '2021-01-11';
const CONTENT_TYPE = 'application/json; charset=utf-8';
// The endpoint may be a local fake, so the scope's service is fixed rather than read from the host.
const SERVICE = 'sms';
/** Minutes of validity the template's second parameter announces to the user. */
const CODE_VALID_MINUTES = '5';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function createTencentSmsAdapter(options: TencentSmsOptions): SmsAdapter {
  const {
    secretId,
    secretKey,
    sdkAppId,
    signName,
    templateId,
    region = 'ap-guangzhou',
    endpoint = 'https://sms.tencentcloudapi.com',
    fetchImpl = fetch,
    now = () => systemClock().getTime(),
    timeoutMs = 10_000,
  } = options;
  const url = new URL(endpoint);

  return {
    kind: 'tencent',
    revealsCode: false,
    async sendVerificationCode(phone, code) {
      const payload = JSON.stringify({
        PhoneNumberSet: [`+86${phone}`],
        SmsSdkAppId: sdkAppId,
        SignName: signName,
        TemplateId: templateId,
        TemplateParamSet: [code, CODE_VALID_MINUTES],
      });
      const timestamp = Math.floor(now() / 1000);
      const authorization = tc3Authorization({
        secretId,
        secretKey,
        service: SERVICE,
        timestamp,
        path: url.pathname,
        // fetch derives the Host header from the URL, so signing url.host signs what is sent.
        signedHeaders: { 'content-type': CONTENT_TYPE, host: url.host, 'x-tc-action': ACTION },
        payload,
      });

      let answer: unknown;
      try {
        const res = await fetchImpl(url, {
          method: 'POST',
          headers: {
            Authorization: authorization,
            'Content-Type': CONTENT_TYPE,
            'X-TC-Action': ACTION,
            'X-TC-Version': VERSION,
            'X-TC-Timestamp': String(timestamp),
            'X-TC-Region': region,
          },
          body: payload,
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        try {
          answer = JSON.parse(text);
        } catch (cause) {
          throw new SmsSendError({ providerCode: 'BadResponse', providerMessage: `HTTP ${res.status}`, cause });
        }
      } catch (err) {
        if (err instanceof SmsSendError) throw err;
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        throw new SmsSendError({ providerCode: timedOut ? 'Timeout' : 'NetworkError', cause: err });
      }

      const response = isRecord(answer) && isRecord(answer.Response) ? answer.Response : undefined;
      if (!response) throw new SmsSendError({ providerCode: 'BadResponse', providerMessage: 'no Response object' });
      const requestId = str(response.RequestId);
      if (isRecord(response.Error)) {
        throw new SmsSendError({
          providerCode: str(response.Error.Code) ?? 'UnknownError',
          providerMessage: str(response.Error.Message),
          requestId,
        });
      }
      const status = Array.isArray(response.SendStatusSet) ? (response.SendStatusSet[0] as unknown) : undefined;
      const statusCode = isRecord(status) ? str(status.Code) : undefined;
      if (statusCode !== 'Ok') {
        throw new SmsSendError({
          providerCode: statusCode ?? 'BadResponse',
          providerMessage: isRecord(status) ? str(status.Message) : 'no SendStatusSet entry',
          requestId,
        });
      }
    },
  };
}
