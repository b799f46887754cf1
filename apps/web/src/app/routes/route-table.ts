/**
 * Every section page in one table (issue 45 point 2): its pattern, the chunk that serves it, its header title,
 * who uses it (principal) and the browsers it opens in (guard). The router builds a section's routes from it on
 * the first address of that section (router.tsx), the header and document titles read it (layout/titles.ts), the
 * build writes each pattern's preloads from it (vite.config.ts), and the route tests check it. Plain data without
 * React, and a chunk of its own loaded with the first section page: the login route does not carry ~200 patterns
 * and titles it never shows. The core pages (login, home, calculator) are in the main bundle: router.tsx,
 * layout/texts.ts.
 *
 * Pages beyond the spec, and where each is reached from:
 * - /business/moneyConfirm: the leader's repayments to confirm (issue 9), from the team card and the inbox.
 * - /business/financePact/:id: a case's financing agreement (GET financePact, decision 051), from the case.
 * - /business/messages: the WeCom reminders sent to the caller (消息记录, decision 058), from the home page.
 * - /business/activity, /business/activityData/:id: the staff's side of the activities (decision 056), 营销活动.
 * - /business/match: which products fit a client and what they cost (decision 068), from the instalment card.
 * - /business/pool: the company's public pool (decision 066), from the 公海客户 tile.
 * - /business/clawback, /business/statement(/:id): claw-backs and statements (decision 067), finance's tiles.
 * - /chattergee/scripts: the approved scripts (话术库, decision 080), from the sidebar's home.
 * - /team/groupSend(/:id): group sends to customers (群发, decision 080), from /team/list and the back office.
 * - /team/viewLog: the leader's view log of personal numbers (decision 058), from /team/list.
 * - /outside/statement(/:id), /houseloan/statement(/:id): a partner's and an agent's commission statements
 *   (decision 067), from 我的账户 and 我的.
 * - /admin/…: the back office (decision 057), a desktop section, from the home page's 管理后台 link.
 */
import type { RouteTitle } from '../layout/texts.ts';
import type { PageChunkName } from '../router.tsx';

/** Who a page is for: whose session its calls carry, or nobody's (a public ranking). */
export type Principal = 'staff' | 'admin' | 'partner' | 'agent' | 'client' | 'visitor' | 'anyone';

/** Where a page opens: in WeCom or WeChat only ("请在微信内打开页面" elsewhere), or in any browser. */
export type Guard = 'wecom' | 'any-browser';

export type RouteFact = {
  /** The router's pattern; its first segment is its section. */
  readonly path: string;
  /** The chunk serving it (app/routes/<chunk>.ts); null: the shared 功能建设中 placeholder, in no chunk. */
  readonly chunk: PageChunkName | null;
  /** An empty section path (spec §2) goes there. */
  readonly redirect?: string;
  /** The header title; null for a page that draws its own top (the back office). */
  readonly title: string | null;
  /** Titles of narrower patterns of this route, matched before `title`. */
  readonly titles?: ReadonlyArray<RouteTitle>;
  readonly principal: Principal;
  readonly guard: Guard;
};

const route = (
  path: string,
  chunk: PageChunkName | null,
  title: string | null,
  principal: Principal,
  more: Partial<Pick<RouteFact, 'guard' | 'titles'>> = {},
): RouteFact => ({ path, chunk, title, principal, guard: 'wecom', ...more });

const redirect = (path: string, to: string, title: string, principal: Principal): RouteFact => ({
  ...route(path, null, title, principal),
  redirect: to,
});

/** The back office: a desktop section (decision 057) whose pages draw their own top; its calls need an admin. */
const adminPage = (path: string) => route(path, 'admin', null, 'admin', { guard: 'any-browser' });

/** lottery, coupon and signin: the /interface section repeats the /activity pages. */
const visitorPages = (base: '/activity' | '/interface'): RouteFact[] =>
  (
    [
      ['/lottery', '幸运抽奖'],
      ['/lottery/login', '抽奖登录'],
      ['/lottery/Prize', '我的奖品'],
      ['/lottery/success', '抽奖结果'],
      ['/coupon', '领取优惠券'],
      ['/coupon/login/:openid', '优惠券登录'],
      ['/coupon/success', '领取成功'],
      ['/signin', '家装节签到'],
      ['/signin/register', '报名登记'],
      ['/signin/subscribe', '关注公众号'],
      ['/signin/login', '签到登录'],
      ['/signin/list', '签到记录'],
      ['/signin/success', '签到成功'],
    ] as const
  ).map(([page, title]) => route(`${base}${page}`, null, title, 'visitor'));

export const ROUTE_TABLE: ReadonlyArray<RouteFact> = [
  // business
  route('/business/add', 'cases', '新增报单', 'staff'),
  route('/business/list', 'cases-list', '我的报单', 'staff'),
  route('/business/detail/:id', 'cases', '报单详情', 'staff'),
  route('/business/reject', 'cases', '签约驳回', 'staff'),
  route('/business/service', 'cases', '客服协助', 'staff'),
  route('/business/service_detail/:id', 'cases', '协助详情', 'staff'),
  route('/business/money', 'money', '贷款信息', 'staff'),
  route('/business/upload', 'money', '上传凭证', 'staff'),
  route('/business/edit', 'cases', '修改报单', 'staff'),
  route('/business/appeal', 'cases', '驳回案件', 'staff'),
  route('/business/proof', 'money', '凭证驳回', 'staff'),
  route('/business/moneyConfirm', 'money', '待确认还款', 'staff'),
  // Not in the spec: a case's financing agreement (decision 051), from the case detail.
  route('/business/financePact/:id', 'pact', '融资协议', 'staff'),
  route('/business/messages', 'reminders', '消息记录', 'staff'),
  // Not in the spec: product matching and the all-in cost (decision 068).
  route('/business/match', 'cases', '匹配产品', 'staff'),
  route('/business/pool', 'cases', '公海客户', 'staff'),
  route('/team/viewLog', 'team-list', '查看日志', 'staff'),
  // Not in the spec: group sends to customers (decision 080), from /team/list and the back office.
  route('/team/groupSend', 'team-list', '客户群发', 'staff'),
  route('/team/groupSend/:id', 'team-list', '群发详情', 'staff'),
  route('/business/pending', 'cases', '待跟进', 'staff'),
  route('/business/pendingDetail/:id', 'cases', '跟进详情', 'staff'),
  route('/business/pendingAdd/:id', 'cases', '新增跟进', 'staff'),
  route('/business/house', 'house', '房贷客户', 'staff'),
  route('/business/houseYsb/:id', 'ysb', '房贷易数宝', 'staff'),
  route('/business/houseAdd', 'house', '新增房贷客户', 'staff'),
  route('/business/houseDetail/:father/:id', 'house', '房贷客户详情', 'staff'),
  route('/business/houseUpload/:id/:house_type', 'house', '房贷资料上传', 'staff'),
  route('/business/houseSign', 'house', '房贷管家', 'staff'),
  route('/business/housePhoto', 'house', '公众号数据', 'staff'),
  route('/business/houseSignCard', 'house', '卡分期', 'staff'),
  route('/business/houseSignDetail/:id', 'house', '房贷管家详情', 'staff'),
  route('/business/houseChannel', 'house', '渠道报单', 'staff'),
  route('/business/houseChannelAdd', 'house', '新增渠道', 'staff'),
  route('/business/houseChannelDetail/:id', 'house', '渠道详情', 'staff'),
  route('/business/houseRecommendAdd', 'house', '新增推荐', 'staff'),
  route('/business/houseRecommendList', 'house', '推荐列表', 'staff'),
  route('/business/houseBrokerage', 'house', '返佣数据', 'staff'),
  route('/business/houseBrokerageOrder', 'house', '返佣订单', 'staff'),
  route('/business/houseBrokerageOrderList/:param', 'house', '返佣订单列表', 'staff'),
  route('/business/houseBrokerageUser', 'house', '返佣人员', 'staff'),
  route('/business/houseSetBrokerage/:father/:id', 'house', '设置返佣', 'staff'),
  route('/business/ysb', 'ysb', '易数宝', 'staff'),
  route('/business/ysblist', 'ysb', '易数宝客户', 'staff'),
  route('/business/ysbdetail/:userid', 'ysb', '易数宝详情', 'staff'),
  route('/business/stat', 'cases-stat', '统计', 'staff'),
  route('/business/signin', 'fair', '展会签到', 'staff'),
  // Not in the spec: the staff's side of the marketing activities (decision 056).
  route('/business/activity', 'activity-staff', '营销活动', 'staff'),
  route('/business/activityData/:id', 'activity-staff', '报名名单', 'staff'),
  route('/business/financeAudit', 'house', '超限审批', 'staff'),
  // Not in the spec: the commission ledger (decision 067).
  route('/business/clawback', 'ledger', '返佣追回', 'staff'),
  route('/business/statement', 'ledger', '对账单', 'staff'),
  route('/business/statement/:id', 'ledger', '对账单详情', 'staff'),
  // team
  route('/team/list', 'team-list', '团队数据', 'staff'),
  route('/team/appeal', 'team-appeal', '反馈数据', 'staff'),
  route('/team/ysb', 'ysb', '团队易数宝', 'staff'),
  route('/team/house', 'house', '团队房贷', 'staff'),
  route('/team/houseChannel', 'house', '房贷分配', 'staff'),
  // exam
  route('/exam/center', 'exam', '考试中心', 'staff'),
  route('/exam/list', 'exam', '我的考试', 'staff'),
  route('/exam/paper/:id', 'exam', '考试中', 'staff'),
  route('/exam/detail/:id', 'exam', '试卷详情', 'staff'),
  // sign
  route('/sign/list/:userid/:flag', 'sign', '任务中心', 'staff', { titles: [['/sign/list/:userid/2', '我的任务']] }),
  route('/sign/reject', 'sign', '驳回审批', 'staff'),
  route('/sign/update/:id', 'sign', '报单详情', 'staff'),
  route('/sign/house', 'sign', '房贷对接', 'staff'),
  // outside partners
  redirect('/outside', '/outside/index', '渠道首页', 'partner'),
  route('/outside/index/:openid?', 'outside', '渠道首页', 'partner'),
  route('/outside/register', 'outside', '渠道注册', 'partner'),
  route('/outside/add', 'outside', '新增客户', 'partner'),
  route('/outside/list', 'outside', '我的客户', 'partner'),
  route('/outside/detail/:id', 'outside', '客户详情', 'partner'),
  route('/outside/partner', 'outside', '邀请伙伴', 'partner'),
  route('/outside/team', 'outside', '我的团队', 'partner'),
  route('/outside/product', 'outside', '产品中心', 'partner'),
  route('/outside/account', 'outside', '我的账户', 'partner'),
  route('/outside/statement', 'ledger', '对账单', 'partner'),
  route('/outside/statement/:id', 'ledger', '对账单详情', 'partner'),
  route('/outside/channel', 'outside', '渠道管理', 'partner'),
  route('/outside/work', 'outside', '工作台', 'partner'),
  route('/outside/login', 'outside', '渠道登录', 'partner'),
  // FAQ
  redirect('/faq', '/faq/login', '登录', 'staff'),
  route('/faq/login', 'faq', '登录', 'staff'),
  route('/faq/index', 'faq', '问答', 'staff'),
  route('/faq/list', 'faq', '问题列表', 'staff'),
  route('/faq/detail/:id', 'faq', '问题详情', 'staff'),
  route('/faq/copilot', 'faq', 'AI助手', 'staff'),
  // house loan channel
  route('/houseloan/login', 'houseloan', '登录', 'agent'),
  route('/houseloan/home/:openid', 'houseloan', '首页', 'agent'),
  route('/houseloan/add/:type', 'houseloan', '新增客户', 'agent'),
  route('/houseloan/auth/:id/:type', 'houseloan', '客户授权', 'agent'),
  route('/houseloan/photo', 'houseloan', '待补授权书', 'agent'),
  route('/houseloan/wait', 'houseloan', '等待接单', 'agent'),
  route('/houseloan/mine', 'houseloan', '我的', 'agent'),
  route('/houseloan/statement', 'ledger', '对账单', 'agent'),
  route('/houseloan/statement/:id', 'ledger', '对账单详情', 'agent'),
  route('/houseloan/list', 'houseloan', '客户列表', 'agent'),
  route('/houseloan/detail/:id', 'houseloan', '客户详情', 'agent'),
  route('/houseloan/bestList', 'houseloan', '渠道排行', 'anyone', { guard: 'any-browser' }),
  route('/houseloan/bestDetail/:id', 'houseloan', '排行详情', 'anyone', { guard: 'any-browser' }),
  // wallet and points tool
  redirect('/chattergee', '/chattergee/home', '钱包工具', 'staff'),
  route('/chattergee/home', 'chattergee', '钱包工具', 'staff'),
  route('/chattergee/list/:id', 'chattergee', '客户列表', 'staff'),
  route('/chattergee/add/:id', 'chattergee', '新建客户档案', 'staff'),
  route('/chattergee/tool', 'chattergee', '工具', 'staff'),
  route('/chattergee/user', 'chattergee', '我的', 'staff'),
  route('/chattergee/auth/:id', 'chattergee', '实名认证', 'staff'),
  route('/chattergee/purse/:id', 'chattergee', '开通钱包', 'staff'),
  route('/chattergee/send/:external_userid', 'chattergee', '发送积分', 'staff'),
  route('/chattergee/scripts', 'chattergee', '话术库', 'staff'),
  // activities: the visitors' pages have their own entry, activity.html; here they are placeholders
  redirect('/activity', '/activity/test', '活动', 'visitor'),
  route('/activity/test', null, '活动', 'visitor'),
  route('/activity/car', null, '试驾预约', 'visitor'),
  route('/activity/car/register/:activity_id', null, '预约登记', 'visitor'),
  route('/activity/car/success', null, '预约成功', 'visitor'),
  ...visitorPages('/activity'),
  ...visitorPages('/interface'),
  // e-signing
  // The client opens /interface/esign to sign: 预处理申请 is a staff word (issue 39).
  redirect('/interface', '/interface/esign', '签署合同', 'client'),
  route('/interface/esign', 'esign', '签署合同', 'client'),
  route('/interface/esign/list', 'esign', '客户列表', 'staff'),
  route('/interface/esign/add/:user_id', 'esign', '补充资料', 'staff'),
  route('/interface/esign/open/:id', 'esign', '开卡', 'staff'),
  route('/interface/esign/evidence/:id', 'esign', '补充资料', 'staff'),
  route('/interface/esign/detail/:id', 'esign', '详情', 'staff'),
  route('/interface/esign/success', 'esign', '提交成功', 'client'),
  route('/interface/consent', 'esign', '个人信息授权', 'client'),
  // Not in the spec: the public verify page of issue 48 (anyone, no login), linked from the signed screens.
  route('/interface/esign/verify', 'esign', '核验签署文件', 'anyone'),
  // the back office
  adminPage('/admin'),
  adminPage('/admin/companies'),
  adminPage('/admin/staff'),
  adminPage('/admin/teams'),
  adminPage('/admin/notices'),
  adminPage('/admin/rules'),
  adminPage('/admin/audit'),
  adminPage('/admin/banks'),
  adminPage('/admin/products'),
  adminPage('/admin/channels'),
  adminPage('/admin/sources'),
  adminPage('/admin/cities'),
  adminPage('/admin/papers'),
  adminPage('/admin/faq'),
  adminPage('/admin/faq-synonyms'),
  adminPage('/admin/faq-unanswered'),
  adminPage('/admin/activities'),
  adminPage('/admin/robots'),
  adminPage('/admin/scripts'),
  adminPage('/admin/contact-ways'),
  adminPage('/admin/contact-ways-stats'),
  adminPage('/admin/import'),
  adminPage('/admin/export'),
  adminPage('/admin/wecom-sync'),
  adminPage('/admin/subject'),
];
