import type { CheckCaptcha } from '@crm/domain/api/auth';
import { authRefs } from '@crm/domain/endpoint-refs';
import { sendRef } from '../../../lib/api-client.ts';
import { useRequest } from './use-request.ts';

/** GET checkCaptcha: whether an SMS may be sent to this phone now, else in how many seconds. */
export async function checkCaptcha(phone: string, signal?: AbortSignal): Promise<CheckCaptcha> {
  return (await sendRef(authRefs.checkCaptcha, { phone }, { method: 'GET', signal })).data;
}

/** `phone` null = do not ask (the phone is not valid yet). `version` forces a fresh check. */
export function useCheckCaptcha(phone: string | null, version = 0) {
  return useRequest(phone === null ? null : `captcha:${phone}:${version}`, (signal) =>
    checkCaptcha(phone ?? '', signal),
  );
}
