/**
 * UI texts of the app shell: the core pages' header titles (the others: routes/route-table.ts), the per-section
 * document titles, and the shell's own pages.
 */

export const APP_NAME = '移动CRM';

/** A route pattern (the router's syntax) and its header title. */
export type RouteTitle = readonly [pattern: string, title: string];

/**
 * The core pages' titles (login, home, calculator): in the main bundle. Every other page's title is in
 * routes/route-table.ts, loaded with the first section page (the login route's JS budget).
 */
export const CORE_ROUTE_TITLES: ReadonlyArray<RouteTitle> = [
  ['/', '登录'],
  ['/login', '登录'],
  ['/index', '首页'],
  ['/calculator', '贷款计算器'],
];

/** document.title per section (spec §2: Q&A, a real-estate brokerage, a wallet tool, the fair). */
export const SECTION_DOCUMENT_TITLES: Readonly<Record<string, string>> = {
  faq: '问答',
  houseloan: '安居房产经纪',
  chattergee: '钱包工具',
  activity: '家装节',
  admin: '管理后台',
};

export const layoutTexts = {
  back: '返回',
  openInWechat: '请在微信内打开页面',
  openInWechatHint: '请使用微信或企业微信打开此链接',
  notFoundTitle: '页面不存在',
  notFoundDescription: '您访问的页面不存在或已被移除',
  goHome: '回到首页',
  errorTitle: 'Unexpected Application Error!',
  reload: '重新加载',
  chunkFailedTitle: '页面加载失败',
  chunkFailedText: '网络不稳定或应用已更新，请重试',
  chunkReloading: '正在重新加载…',
  chunkOffline: '网络已断开，恢复后将自动重新加载',
  retry: '重试',
  loading: '加载中...',
};

/** The spec quotes these in English (spec §1, §8). */
export const layoutTextsEnUS: Partial<typeof layoutTexts> = {
  openInWechat: 'Please open the page inside WeChat',
  back: 'Back',
  goHome: 'Home',
  reload: 'Reload',
};

export const routeTitlesEnUS: Readonly<Record<string, string>> = {
  '/login': 'Login',
  '/': 'Login',
  '/index': 'Home',
};
