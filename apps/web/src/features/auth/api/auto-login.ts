import { authRefs, WECOM_LOGIN_PATHS } from '@crm/domain/endpoint-refs';
import { sendRef } from '../../../lib/api-client.ts';

/** POST autoLogin with every query parameter the WeCom redirect brought (corp, wxworkid, …). */
export const autoLogin = (params: Record<string, string>) => sendRef(authRefs.autoLogin, params);

/** Where the WeCom OAuth starts: corp 1 uses the WeChat login path (spec §4, §9). */
export function wecomAuthorizeUrl(corp: string): string {
  const path = corp === '1' ? WECOM_LOGIN_PATHS.web : WECOM_LOGIN_PATHS.oauth;
  return `${path}?corp=${encodeURIComponent(corp)}`;
}
