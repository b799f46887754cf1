import type { ActivityInfo, ActivityMine, ActivityVisitor, CouponClaim, LotteryDraw } from '@crm/domain/api/activity';

/** An answer of the API: the envelope and the HTTP status (401/403 say who is calling). */
export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T | null;
}

/** Posts a multipart form (spec §7) or GETs; a network failure answers status 0 and a Chinese message. */
export async function call<T>(
  url: string,
  fields?: Record<string, string | number>,
  method = 'POST',
): Promise<Answer<T>> {
  let body: FormData | undefined;
  if (method === 'POST') {
    body = new FormData();
    for (const [key, value] of Object.entries(fields ?? {})) body.append(key, String(value));
  }
  try {
    const response = await fetch(url, { method, body, credentials: 'same-origin' });
    const json = (await response.json()) as { code: number; msg: string; data: T | null };
    return { status: response.status, ...json };
  } catch {
    return { status: 0, code: -1, msg: '网络异常，请稍后重试', data: null };
  }
}

export const activityApi = {
  info: (id: number) => call<ActivityInfo>('/api/crm/getActivityinfo', { activity_id: id }),
  visitor: () => call<ActivityVisitor>('/api/crm/activityVisitor', undefined, 'GET'),
  mine: (id?: number) => call<ActivityMine>('/api/crm/activityMine', id ? { activity_id: id } : {}),
  smsCode: (phone: string) => call<{ verifyCode?: string }>('/common/smsCode', { phone, scene: 'activity' }),
  login: (phone: string, code: string) => call<ActivityVisitor>('/api/crm/lotteryLogin', { phone, code }),
  draw: (id: number) => call<LotteryDraw>('/api/crm/lotteryDraw', { activity_id: id }),
  coupon: (id: number) => call<CouponClaim>('/api/crm/coupon', { activity_id: id }),
  add: (fields: Record<string, string | number>) =>
    call<{ id: number; already: boolean }>('/api/crm/addActivityData', fields),
};

/** Where the browser goes to be recognised by WeChat (snsapi_base), coming back to `to`. */
export const oauthUrl = (activityId: number, to: string) =>
  `/api/activity/oauth?activity=${activityId}&to=${encodeURIComponent(to)}`;
