import { apiPost, type ApiSuccess } from '../../../lib/api-client.ts';

export type LoginInput = { corp_id: number; phone: string; code: string; wxworkid: string | null };
export type LoginData = { id: number };

/** POST /api/crm/login; wxworkid null is sent as 'null' as the spec's client did. */
export function login(input: LoginInput): Promise<ApiSuccess<LoginData>> {
  return apiPost<LoginData>('/api/crm/login', input);
}
