import { authRefs } from '@crm/domain/endpoint-refs';
import { sendRef } from '../../../lib/api-client.ts';

export type LoginInput = { corp_id: number; phone: string; code: string; wxworkid: string | null };

/** POST login; wxworkid null is sent as 'null' as the spec's client did. */
export const login = (input: LoginInput) => sendRef(authRefs.login, input);
