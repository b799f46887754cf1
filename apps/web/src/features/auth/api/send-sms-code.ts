import { apiPost, type ApiSuccess } from '../../../lib/api-client.ts';

export type SmsCodeData = { verifyCode?: string };

/** POST /common/smsCode (phone). verifyCode comes back only in demo mode. */
export function sendSmsCode(phone: string): Promise<ApiSuccess<SmsCodeData | null>> {
  return apiPost<SmsCodeData | null>('/common/smsCode', { phone });
}
