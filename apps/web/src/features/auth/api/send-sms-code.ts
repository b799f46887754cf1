import { authRefs } from '@crm/domain/endpoint-refs';
import { sendRef } from '../../../lib/api-client.ts';

/** POST smsCode (phone). verifyCode comes back only in demo mode. */
export const sendSmsCode = (phone: string) => sendRef(authRefs.smsCode, { phone });
