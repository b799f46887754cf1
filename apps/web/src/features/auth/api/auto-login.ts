import { apiPost, type ApiSuccess } from '../../../lib/api-client.ts';
import type { LoginData } from './login.ts';

/** POST /api/crm/autoLogin with every query parameter the WeCom redirect brought (corp, wxworkid, …). */
export function autoLogin(params: Record<string, string>): Promise<ApiSuccess<LoginData>> {
  return apiPost<LoginData>('/api/crm/autoLogin', params);
}

/** Where the WeCom OAuth starts: corp 1 uses the WeChat login path (spec §4, §9). */
export function wecomAuthorizeUrl(corp: string): string {
  const path = corp === '1' ? '/api/wechat/wwlogin' : '/api/wechat/wxworkLogin';
  return `${path}?corp=${encodeURIComponent(corp)}`;
}
