/**
 * The only routes answered without a session (decision 040). Everything else is authenticated by the
 * session plugin for the principal kinds its module serves; a route becomes public only by being
 * listed here, and public-routes.test.ts fails on an entry no route matches.
 *
 * `url` is the pattern a route registers (`request.routeOptions.url`); HEAD goes with its GET.
 */
export const PUBLIC_ROUTES: readonly { method: 'GET' | 'POST'; url: string; why: string }[] = [
  // Staff login (spec §2 Login, §6): before a session exists.
  { method: 'GET', url: '/api/crm/corp', why: '登录页的公司列表' },
  { method: 'GET', url: '/common/checkCaptcha', why: '能否发送验证码' },
  { method: 'POST', url: '/common/smsCode', why: '发送登录验证码' },
  { method: 'POST', url: '/api/crm/login', why: '手机号验证码登录' },
  { method: 'POST', url: '/api/crm/autoLogin', why: '企业微信自动登录' },
  // Ends whatever session the cookie names; an expired one must still clear the cookie.
  { method: 'POST', url: '/api/crm/logout', why: '退出登录' },
  // WeCom OAuth entry and callback (spec §4): the browser arrives here before it has a session.
  { method: 'GET', url: '/api/wechat/wwlogin', why: '企业微信网页登录入口' },
  { method: 'GET', url: '/api/wechat/wxworkLogin', why: '企业微信授权登录入口' },
  { method: 'GET', url: '/api/wechat/callback', why: '企业微信授权回调' },
  // Login flows of the other principal kinds (spec §6). An invite link shows its company and (masked) inviter before the partner registers.
  { method: 'POST', url: '/api/crm/outsideRegister', why: '外部合作伙伴注册' },
  { method: 'POST', url: '/api/crm/outsideLogin', why: '外部合作伙伴登录' },
  { method: 'GET', url: '/api/crm/outsideInvite', why: '邀请链接的公司与邀请人' },
  { method: 'POST', url: '/api/houseloan/login', why: '房贷渠道登录' },
  // The channel portal opened in WeChat asks WeChat who is there (snsapi_base) before any session.
  { method: 'GET', url: '/api/houseloan/oauth', why: '微信公众号网页授权入口' },
  { method: 'GET', url: '/api/houseloan/oauth/callback', why: '微信公众号网页授权回调' },
  // The channels' ranking works outside WeChat (spec §2): businesses' names and numbers only.
  { method: 'GET', url: '/api/houseloan/bestList', why: '渠道排行榜' },
  { method: 'GET', url: '/api/houseloan/bestDetail', why: '渠道排行详情' },
  // An activity's page shows what it is (and the lottery's pool hashes) before the visitor identifies; the
  // visitor is who WeChat says (snsapi_base) before any session. lotteryLogin needs that visitor session.
  { method: 'POST', url: '/api/crm/getActivityinfo', why: '活动介绍' },
  { method: 'GET', url: '/api/activity/oauth', why: '活动页的微信公众号网页授权入口' },
  { method: 'GET', url: '/api/activity/oauth/callback', why: '活动页的微信公众号网页授权回调' },
  // The client who signs an e-sign order (decision 054): the link's token, then the signer's own cookie
  // bound to that one order; no staff session is involved.
  { method: 'POST', url: '/api/esign/signer/start', why: '打开电子签署链接' },
  { method: 'POST', url: '/api/esign/signer/code', why: '电子签署短信验证码' },
  { method: 'POST', url: '/api/esign/signer/login', why: '电子签署身份核验' },
  { method: 'POST', url: '/api/esign/signer/document', why: '电子签署文件（签署人会话）' },
  { method: 'POST', url: '/api/esign/signer/page', why: '电子签署阅读记录（签署人会话）' },
  { method: 'POST', url: '/api/esign/signer/sign', why: '电子签署手写签名（签署人会话）' },
  { method: 'POST', url: '/api/esign/signer/download', why: '电子签署文件下载（签署人会话）' },
  // The public verify page (issue 48): a PDF's own bytes, checked for anyone who holds it; rate-limited.
  { method: 'POST', url: '/api/esign/public/verify', why: '公开核验签署文件' },
  // The client who confirms a case's consent (decision 073): the link's token, then the code texted to the
  // case's phone; no staff session is involved.
  { method: 'POST', url: '/api/consent/view', why: '打开个人信息授权链接' },
  { method: 'POST', url: '/api/consent/code', why: '个人信息授权短信验证码' },
  { method: 'POST', url: '/api/consent/confirm', why: '客户确认个人信息授权' },
  // WeCom's callback URL (渠道活码, decision 083): WeCom itself calls it; its msg_signature and encryption are the check.
  { method: 'GET', url: '/api/wecom/callback/:corp', why: '企业微信回调 URL 校验' },
  { method: 'POST', url: '/api/wecom/callback/:corp', why: '企业微信事件回调' },
  // Operations and the API's own documentation.
  { method: 'GET', url: '/healthz', why: '健康检查' },
  { method: 'GET', url: '/readyz', why: '就绪检查（数据库与迁移）' },
  // Prometheus scrapes without a session; METRICS_TOKEN guards it (refused in production without one).
  { method: 'GET', url: '/metrics', why: '运行指标' },
  { method: 'GET', url: '/api/docs', why: 'OpenAPI 文档' },
  { method: 'GET', url: '/api/docs/', why: 'OpenAPI 文档' },
  { method: 'GET', url: '/api/docs/json', why: 'OpenAPI 文档' },
  { method: 'GET', url: '/api/docs/yaml', why: 'OpenAPI 文档' },
  { method: 'GET', url: '/api/docs/static/*', why: 'OpenAPI 文档' },
  { method: 'GET', url: '/api/docs/static/index.html', why: 'OpenAPI 文档' },
  { method: 'GET', url: '/api/docs/static/swagger-initializer.js', why: 'OpenAPI 文档' },
];

/** Paths the API owns; anything else under GET is the SPA's. */
export const API_PREFIXES = ['/api/', '/common/'] as const;

const listed = new Set(PUBLIC_ROUTES.map(({ method, url }) => `${method} ${url}`));

export const isApiPath = (url: string): boolean => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * Whether a registered route answers without a session: a listed one, or a file of the built SPA
 * (@fastify/static registers one GET per file, outside the API's prefixes: the login page must load).
 */
export function isPublicRoute(method: string, url: string): boolean {
  const verb = method === 'HEAD' ? 'GET' : method;
  return listed.has(`${verb} ${url}`) || (verb === 'GET' && !isApiPath(url));
}
