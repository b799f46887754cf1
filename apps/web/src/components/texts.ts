export const componentTexts = {
  underConstruction: '功能建设中',
  underConstructionHint: '该功能正在建设中，敬请期待',
  goHome: '回到首页',
  empty: '暂无数据',
  loadFailed: '加载失败，下拉重试',
  loadFailedTitle: '加载失败',
  retry: '重试',
  submitNotSent: '已填写的内容已保留，网络恢复后点重试即可，不会重复提交',
  copy: '复制',
  copied: '已复制',
  copyFailed: '复制失败，请手动选择',
  longPressToCopy: '长按复制',
  noMore: '没有更多了',
  loadingMore: '加载中…',
  pullToRefresh: '下拉刷新',
  releaseToRefresh: '释放立即刷新',
  refreshing: '刷新中…',
  refreshed: '刷新成功',
  protectedUntil: (day: string) => `保护至 ${day}`,
  /** The name of a button waiting on the server that had none before (app/antd-a11y.ts). */
  busy: '处理中',
  /** A masked number's button (decision 065): the server answers the full one and logs who looked. */
  reveal: '查看',
  revealOf: (what: string) => `查看完整${what}`,
  phone: '手机号',
  idNumber: '身份证号',
  bankCard: '银行卡号',
};

/** Texts of the shared picker and chart components. */
export const listTexts = {
  select: '请选择',
  confirm: '确定',
  cancel: '取消',
};

/** Labels of a partner referral's facts (components/referral-row.tsx). */
export const referralTexts = {
  status: '状态',
  protectedUntil: '保护至',
  caseStatus: '报单状态',
  phone: '手机号',
  idNumber: '身份证号',
  amount: '金额',
  product: '产品',
  createdAt: '报备时间',
  convertedAt: '转报单时间',
  releasedAt: '失效时间',
  remarks: '备注',
};

/** The phone-and-SMS-code rows of the partner and channel-agent logins (components/sms-code-field.tsx). */
export const smsTexts = {
  corp: '公司',
  corpPlaceholder: '请选择公司',
  corpLoadFailed: '公司列表加载失败',
  phone: '手机号',
  phonePlaceholder: '请输入手机号',
  code: '验证码',
  codePlaceholder: '请输入验证码',
  getCode: '获取验证码',
  countdown: (seconds: number) => `${seconds} 秒后重发`,
  phoneFirst: '请输入正确的手机号',
  smsSent: '验证码已发送',
  demoCode: (code: string) => `演示验证码：${code}`,
};
