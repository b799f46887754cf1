/** The group sends' words (客户群发, decision 080). */
export const groupSendTexts = {
  intro:
    '选择客户（按标签、来源、负责人，不选即不限），写好内容后创建群发任务：每位负责人会在企业微信里收到一条待发送的任务，确认后才会发给客户。企业微信规定每位客户每月最多收到 4 条企业群发。',
  owners: '负责人',
  tags: '标签',
  sources: '来源',
  noChoices: '暂无可选项',
  unbound: '（未绑定企业微信）',
  text: '群发内容',
  textPlaceholder: '例如：本月经营贷有新的银行产品上线，欢迎咨询。',
  activity: '附带活动链接（可不选）',
  noActivity: '不附带',
  previewing: '正在统计客户…',
  previewFailed: '客户统计失败',
  matched: (matched: number, sendable: number) => `筛出 ${matched} 位客户，可发送 ${sendable} 位`,
  overLimit: (n: number, limit: number) => `${n} 位客户本月已收满 ${limit} 条企业群发，再发企业微信也不会送达：`,
  overLimitRow: (name: string, owner: string, received: number) => `${name}（负责人 ${owner}，本月已 ${received} 条）`,
  exclude: (n: number) => `排除这 ${n} 位客户后创建`,
  unboundCount: (n: number) => `${n} 位客户的负责人未绑定企业微信，无法发送`,
  create: '创建群发任务',
  history: '群发记录',
  historyEmpty: '还没有群发任务',
  loadFailed: '群发加载失败',
  rowStats: (sent: number, members: number, received: number, recipients: number) =>
    `成员已发 ${sent}/${members} · 客户已收 ${received}/${recipients}`,
  by: (name: string, at: string) => `${name} · ${at}`,
  // detail
  detailStats: (sent: number, members: number, received: number, recipients: number) =>
    `成员已发送 ${sent}/${members}，客户已收到 ${received}/${recipients}`,
  fetchedAt: (at: string | null) => (at ? `结果更新于 ${at}` : '尚未取回企业微信的结果'),
  refresh: '刷新结果',
  tasks: '成员发送情况',
  customers: '客户接收情况',
  owner: (name: string) => `负责人 ${name}`,
  customersOf: (n: number) => `${n} 位客户`,
  month: (month: string) => `计入 ${month} 的月度限额`,
} as const;
