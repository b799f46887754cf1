/** The reminders' words (decision 058): each card's title and description, and the page's refusals. */
export const REMINDER_TEXTS = {
  followUpDue: (client: string, note: string) => ({
    title: '跟进提醒',
    description: `客户 ${client} 该跟进了：${note}`,
  }),
  followUpOverdue: (client: string, person: string, note: string) => ({
    title: '跟进逾期',
    description: `${person} 对客户 ${client} 的跟进已逾期未完成：${note}`,
  }),
  caseMoved: (client: string, to: string, note: string) => ({
    title: '签约中心已处理报单',
    description: `客户 ${client} 的报单已转为「${to}」${note ? `：${note}` : ''}`,
  }),
  proofRejected: (client: string, reason: string) => ({
    title: '凭证被驳回',
    description: `客户 ${client} 的凭证被驳回：${reason}，请重新上传`,
  }),
  appealDecided: (client: string, approved: boolean, reason: string) => ({
    title: approved ? '申诉已通过' : '申诉被驳回',
    description: `客户 ${client} 的申诉${approved ? '已通过' : '被驳回'}${reason ? `：${reason}` : ''}`,
  }),
  brokerageApproved: (client: string, amount: string) => ({
    title: '返佣已审批通过',
    description: `客户 ${client} 的超限返佣（${amount} 元）已审批通过`,
  }),
  followUpDone: '跟进已完成，无需提醒',
  notBound: '收件人未绑定企业微信',
  inactive: '收件人已停用',
} as const;
