import { callTencentCloud, TencentCloudError } from '../tencent-cloud/tencent-cloud.ts';
import type { TencentCloudConnection } from '../tencent-cloud/tencent-cloud.ts';
import { SmsSendError } from './sms.ts';
import type { SmsAdapter, SmsNotice } from './sms.ts';

export interface TencentSmsOptions extends TencentCloudConnection {
  sdkAppId: string;
  signName: string;
  templateId: string;
  /** Approved templates of the notices (TENCENT_SMS_ESIGN_REMINDER_TEMPLATE_ID); a notice without one is refused. */
  noticeTemplates?: Partial<Record<SmsNotice['kind'], string>>;
  region?: string;
}

const ACTION = 'SendSms';
const VERSION = '2021-01-11';
// The endpoint may be a local fake, so the scope's service is fixed rather than read from the host.
const SERVICE = 'sms';
/** Minutes of validity the template's second parameter announces to the user. */
const CODE_VALID_MINUTES = '5';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function createTencentSmsAdapter(options: TencentSmsOptions): SmsAdapter {
  const { sdkAppId, signName, templateId, noticeTemplates = {}, region = 'ap-guangzhou', ...connection } = options;

  async function send(phone: string, template: string, params: string[]) {
    let response: Record<string, unknown>;
    try {
      response = await callTencentCloud(connection, {
        service: SERVICE,
        action: ACTION,
        version: VERSION,
        region,
        payload: {
          PhoneNumberSet: [`+86${phone}`],
          SmsSdkAppId: sdkAppId,
          SignName: signName,
          TemplateId: template,
          TemplateParamSet: params,
        },
      });
    } catch (err) {
      if (!(err instanceof TencentCloudError)) throw err;
      throw new SmsSendError({
        providerCode: err.code,
        providerMessage: err.providerMessage,
        requestId: err.requestId,
        cause: err.cause,
      });
    }
    // A Response without Error can still refuse this one number in its SendStatusSet.
    const status = Array.isArray(response.SendStatusSet) ? (response.SendStatusSet[0] as unknown) : undefined;
    const statusCode = isRecord(status) ? str(status.Code) : undefined;
    if (statusCode !== 'Ok') {
      throw new SmsSendError({
        providerCode: statusCode ?? 'BadResponse',
        providerMessage: isRecord(status) ? str(status.Message) : 'no SendStatusSet entry',
        requestId: str(response.RequestId),
      });
    }
  }

  return {
    kind: 'tencent',
    revealsCode: false,
    sendVerificationCode: (phone, code) => send(phone, templateId, [code, CODE_VALID_MINUTES]),
    async sendNotice(phone, notice) {
      const template = noticeTemplates[notice.kind];
      if (!template) throw new SmsSendError({ providerCode: 'TemplateNotConfigured', providerMessage: notice.kind });
      await send(phone, template, notice.params);
    },
  };
}
