import type { BadgeKey, CardKey, StaticTileKey } from '@crm/domain/roles';

/** UI texts of the home page (spec §2 Home, Home cards; §4; §8). */
export const homeTexts = {
  loggingIn: '账户登录中...',
  openInWecom: '请在企业微信内打开应用',
  tipTitle: '提示',
  tipDescription: '未获取到登录信息，请从企业微信工作台打开应用，或重新登录',
  goLogin: '去登录',
  // The WeCom reminders sent to me (decision 058).
  messages: '消息记录',
  /** The back office (decision 057), shown to company and platform admins. */
  admin: '管理后台',
  logout: '退出登录',
  calculator: '贷款计算器',
  faq: '问答与AI助手',
  chattergee: '钱包与积分工具',
  logoutConfirm: '确定要退出登录吗？',
  /** 长辈版 (issue 49): the home page's switch, and what it does, in its own words. */
  elderMode: '长辈版',
  elderModeHint: '字更大，按钮更大',
  confirm: '确定',
  cancel: '取消',
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放立即刷新',
  refreshing: '加载中...',
  refreshed: '刷新成功',
  inboxTitle: '待办',
  /** A case of mine about to go back to the pool (decision 066): whom, and the day. */
  nearPool: (name: string, day: string) => `${name} 即将进入公海（${day}前请跟进）`,
  /** The to-do inbox's line for each badge: what waits, said as the person's task. */
  inbox: {
    pending: '待跟进的客户',
    confirm: '待确认的还款',
    proof: '被驳回的凭证',
    appeal: '待处理的申诉',
    audit: '待审批的超限返佣',
    sign: '待领取的签约任务',
    reject: '待审批的拒签',
    remind: '待对接的房贷客户',
    service: '待协助的报单',
    exam: '待参加的考试',
  } satisfies Record<BadgeKey, string>,
  female: '女',
  male: '男',
  cards: {
    rebate: '房贷返佣',
    instalment: '分期业务',
    house: '房贷业务',
    exam: '考试中心',
    team: '团队数据',
    sign: '签约中心',
  } satisfies Record<CardKey, string>,
  tiles: {
    rebateOrder: '返佣申请单',
    pending: '待跟进',
    list: '我的报单',
    add: '新增报单',
    reject: '签约驳回',
    proof: '凭证驳回',
    ysb: '易数宝',
    service: '客服协助',
    stat: '统计',
    fairSignin: '展会签到',
    activity: '营销活动',
    esign: '电子签约',
    match: '匹配产品',
    pool: '公海客户',
    house: '房贷客户',
    houseAdd: '新增房贷',
    houseChannel: '渠道报单',
    houseBrokerageUser: '返佣人员',
    houseRecommendList: '推荐列表',
    houseBrokerage: '返佣数据',
    houseBrokerageOrder: '返佣订单',
    financeAudit: '超限审批',
    clawback: '返佣追回',
    statement: '对账单',
    houseSign: '房贷管家',
    housePhoto: '公众号数据',
    houseSignCard: '卡分期',
    examCenter: '参加考试',
    examList: '考试回顾',
    teamList: '团队数据',
    teamAppeal: '反馈数据',
    teamMoneyConfirm: '待确认还款',
    teamYsb: '团队易数宝',
    teamHouse: '团队房贷',
    teamHouseChannel: '房贷分配',
    teamHousePhoto: '公众号数据',
    signCenter: '任务中心',
    signMine: '我的任务',
    signReject: '驳回审批',
  } satisfies Record<StaticTileKey, string> as Record<string, string>,
};

/** Plainer words in 长辈版 where the home page allows (MIIT 适老化: simple wording). */
export const elderTexts: Partial<typeof homeTexts> = {
  faq: '常见问题',
  chattergee: '钱包和积分',
  messages: '我的消息',
  admin: '后台管理',
  logoutConfirm: '要退出登录吗？',
};

/** The spec's English texts. */
export const enUS: Partial<typeof homeTexts> = {
  loggingIn: 'Account logging in',
  openInWecom: 'Please open the app inside the enterprise messaging app',
  tipTitle: 'Tip',
  logoutConfirm: 'Are you sure you want to log out?',
  elderMode: 'Large mode',
  elderModeHint: 'Larger text and buttons',
};

export type HomeTexts = typeof homeTexts;
