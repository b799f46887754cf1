/** Which in-app browser the page runs in, and whether the page may be used in it (spec §1, §8). */

export type BrowserKind = 'wxwork' | 'wechat' | 'other';

/** WeCom's user agent carries both `wxwork` and `MicroMessenger`, so `wxwork` is checked first. */
export function detectBrowser(userAgent: string): BrowserKind {
  const ua = userAgent.toLowerCase();
  if (ua.includes('wxwork')) return 'wxwork';
  if (ua.includes('micromessenger')) return 'wechat';
  return 'other';
}

export function isWeCom(userAgent: string = globalThis.navigator?.userAgent ?? ''): boolean {
  return detectBrowser(userAgent) === 'wxwork';
}

/** The server rewrites `<meta name="crm-mode">` to "demo" when demo mode is on. */
export function isDemoMode(doc: Document | undefined = globalThis.document): boolean {
  const meta = doc?.querySelector('meta[name="crm-mode"]');
  return meta?.getAttribute('content') === 'demo';
}

/** Where a back-office admin signs in from a desktop browser: the staff login, bound for /admin afterwards. */
export const ADMIN_LOGIN = '/login?to=admin';

/** The staff login opened for the back office (`?to=admin`) is a desktop page like /admin itself. */
export const isAdminLogin = (pathname: string, search: string) =>
  /^\/login\/?$/.test(pathname) && new URLSearchParams(search).get('to') === 'admin';

export type BrowserGateInput = {
  userAgent: string;
  pathname: string;
  search?: string;
  isDemo: boolean;
  /**
   * The route's guard says any browser may open it (app/routes/route-table.ts): the calculator, the public
   * home-loan ranking (spec §2) and the back office, used from a desktop (decision 057; its calls still need an
   * admin's session).
   */
  anyBrowser: boolean;
};

/** True when the page must show "请在微信内打开页面" instead of its content. */
export function mustOpenInWechat({ userAgent, pathname, search = '', isDemo, anyBrowser }: BrowserGateInput): boolean {
  if (isDemo || anyBrowser || isAdminLogin(pathname, search)) return false;
  return detectBrowser(userAgent) === 'other';
}
