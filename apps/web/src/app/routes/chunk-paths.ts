/**
 * The URL patterns each page chunk serves (`router.tsx` loads the chunks; a test checks these against the
 * chunks' own `pages`). Plain data without React, because the build reads it too: it writes, for each pattern,
 * the files its chunk needs, which the server announces in the page as preloads (vite.config.ts, routePreloads).
 * The router reads each section's patterns off this table too (router.tsx SECTION_PATHS).
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
 */

/** The partner portal's and the channel portal's pages: each section is one chunk. */
export const OUTSIDE_PATHS = [
  '/outside/index/:openid?',
  '/outside/register',
  '/outside/add',
  '/outside/list',
  '/outside/detail/:id',
  '/outside/partner',
  '/outside/team',
  '/outside/product',
  '/outside/account',
  '/outside/channel',
  '/outside/work',
  '/outside/login',
];
export const HOUSELOAN_PATHS = [
  '/houseloan/login',
  '/houseloan/home/:openid',
  '/houseloan/add/:type',
  '/houseloan/auth/:id/:type',
  '/houseloan/photo',
  '/houseloan/wait',
  '/houseloan/mine',
  '/houseloan/list',
  '/houseloan/detail/:id',
  '/houseloan/bestList',
  '/houseloan/bestDetail/:id',
];

/** The FAQ and its copilot (issue 14). */
export const FAQ_PATHS = ['/faq/login', '/faq/index', '/faq/list', '/faq/detail/:id', '/faq/copilot'];

/** A chunk's pages that are also a section's (the e-sign pages: the start of /interface): both tables name them. */
export const SIGN_PATHS = ['/sign/list/:userid/:flag', '/sign/reject', '/sign/update/:id', '/sign/house'];
export const CHATTERGEE_PATHS = [
  '/chattergee/home',
  '/chattergee/list/:id',
  '/chattergee/add/:id',
  '/chattergee/tool',
  '/chattergee/user',
  '/chattergee/auth/:id',
  '/chattergee/purse/:id',
  '/chattergee/send/:external_userid',
  '/chattergee/scripts',
];
export const ESIGN_PATHS = [
  '/interface/esign',
  '/interface/esign/list',
  '/interface/esign/add/:user_id',
  '/interface/esign/open/:id',
  '/interface/esign/evidence/:id',
  '/interface/esign/detail/:id',
  '/interface/esign/success',
  // Not in the spec: the public verify page of issue 48 (anyone, no login), linked from the signed screens.
  '/interface/esign/verify',
  '/interface/consent',
];

/** Not in the spec: the back office (decision 057), a desktop section, from the home page's 管理后台 link. */
export const ADMIN_PATHS = [
  '/admin',
  '/admin/companies',
  '/admin/staff',
  '/admin/teams',
  '/admin/notices',
  '/admin/rules',
  '/admin/audit',
  '/admin/banks',
  '/admin/products',
  '/admin/channels',
  '/admin/sources',
  '/admin/cities',
  '/admin/papers',
  '/admin/faq',
  '/admin/faq-synonyms',
  '/admin/faq-unanswered',
  '/admin/activities',
  '/admin/robots',
  '/admin/scripts',
  '/admin/import',
  '/admin/export',
  '/admin/wecom-sync',
  '/admin/subject',
];

/** The patterns each chunk serves (a test checks these against the chunks' own `pages`). */
export const CHUNK_PATHS = {
  cases: [
    '/business/add',
    '/business/detail/:id',
    '/business/edit',
    '/business/reject',
    '/business/pending',
    '/business/pendingDetail/:id',
    '/business/pendingAdd/:id',
    '/business/service',
    '/business/service_detail/:id',
    '/business/appeal',
    '/business/match',
    '/business/pool',
  ],
  'cases-list': ['/business/list'],
  'cases-stat': ['/business/stat'],
  money: ['/business/money', '/business/upload', '/business/proof', '/business/moneyConfirm'],
  house: [
    '/business/house',
    '/business/houseAdd',
    '/business/houseDetail/:father/:id',
    '/business/houseUpload/:id/:house_type',
    '/business/houseSetBrokerage/:father/:id',
    '/business/houseChannel',
    '/business/houseChannelAdd',
    '/business/houseChannelDetail/:id',
    '/business/houseRecommendAdd',
    '/business/houseRecommendList',
    '/business/houseBrokerageUser',
    '/business/houseBrokerage',
    '/business/houseBrokerageOrder',
    '/business/houseBrokerageOrderList/:param',
    '/business/financeAudit',
    '/business/houseSign',
    '/business/houseSignDetail/:id',
    '/business/housePhoto',
    '/business/houseSignCard',
    '/team/house',
    '/team/houseChannel',
  ],
  'team-list': ['/team/list', '/team/viewLog', '/team/groupSend', '/team/groupSend/:id'],
  'team-appeal': ['/team/appeal'],
  sign: SIGN_PATHS,
  outside: OUTSIDE_PATHS,
  ysb: ['/business/ysb', '/business/ysblist', '/business/ysbdetail/:userid', '/business/houseYsb/:id', '/team/ysb'],
  houseloan: HOUSELOAN_PATHS,
  faq: FAQ_PATHS,
  admin: ADMIN_PATHS,
  exam: ['/exam/center', '/exam/list', '/exam/paper/:id', '/exam/detail/:id'],
  pact: ['/business/financePact/:id'],
  reminders: ['/business/messages'],
  fair: ['/business/signin'],
  chattergee: CHATTERGEE_PATHS,
  'activity-staff': ['/business/activity', '/business/activityData/:id'],
  esign: ESIGN_PATHS,
  ledger: [
    '/business/clawback',
    '/business/statement',
    '/business/statement/:id',
    '/outside/statement',
    '/outside/statement/:id',
    '/houseloan/statement',
    '/houseloan/statement/:id',
  ],
} satisfies Record<string, string[]>;
