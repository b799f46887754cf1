import type { Endpoint } from '../endpoints/index.ts';
import type * as Auth from '../endpoints/auth/index.ts';
import type * as Activity from '../endpoints/activity/index.ts';
import type * as Home from '../endpoints/home/index.ts';

/**
 * An endpoint as a page that cannot carry zod sees it (the staff login's budget, decision 061; the home page's
 * first paint): its path, with the contract's request and response as types only. The path must be the
 * contract's own (`endpoint` keeps it as a literal type), so the two cannot drift apart.
 */
export interface EndpointRef<E extends Endpoint> {
  readonly path: E['path'];
  /** Never set: it carries the contract's type to the caller. */
  readonly contract?: E;
}

const ref = <E extends Endpoint>(path: E['path']): EndpointRef<E> => ({ path });

/** The staff login's calls (features/auth) and the logout. */
export const authRefs = {
  corp: ref<typeof Auth.corp>('/api/crm/corp'),
  login: ref<typeof Auth.login>('/api/crm/login'),
  autoLogin: ref<typeof Auth.autoLogin>('/api/crm/autoLogin'),
  checkCaptcha: ref<typeof Auth.checkCaptcha>('/common/checkCaptcha'),
  smsCode: ref<typeof Auth.smsCode>('/common/smsCode'),
  logout: ref<typeof Auth.logout>('/api/crm/logout'),
};

/** The home page's one read. */
export const homeRefs = {
  userinfo: ref<typeof Home.userinfo>('/api/crm/userinfo'),
};

/**
 * Where the WeCom sign-in starts (spec §4): the browser navigates there and is redirected to WeCom, so there is
 * no envelope and no contract; corp 1 goes through WeCom's web login, the others through its OAuth page.
 */
export const WECOM_LOGIN_PATHS = { web: '/api/wechat/wwlogin', oauth: '/api/wechat/wxworkLogin' } as const;

/**
 * Where the channel agents' portal starts WeChat's web authorisation (decision 052): the browser navigates there
 * with `?corp=`, so, like the WeCom entries, it has no envelope and no contract.
 */
export const HOUSELOAN_OAUTH_PATH = '/api/houseloan/oauth';

/** The public activity page's calls (apps/web/activity.html, decision 056: its own budget, no zod). */
export const activityRefs = {
  info: ref<typeof Activity.getActivityinfo>('/api/crm/getActivityinfo'),
  visitor: ref<typeof Activity.activityVisitor>('/api/crm/activityVisitor'),
  mine: ref<typeof Activity.activityMine>('/api/crm/activityMine'),
  smsCode: ref<typeof Auth.smsCode>('/common/smsCode'),
  login: ref<typeof Activity.lotteryLogin>('/api/crm/lotteryLogin'),
  draw: ref<typeof Activity.lotteryDraw>('/api/crm/lotteryDraw'),
  coupon: ref<typeof Activity.coupon>('/api/crm/coupon'),
  add: ref<typeof Activity.addActivityData>('/api/crm/addActivityData'),
};

/** Where the activity page starts WeChat's silent web authorisation (`?activity=&to=`): a navigation, no contract. */
export const ACTIVITY_OAUTH_PATH = '/api/activity/oauth';
