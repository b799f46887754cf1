/** The signing tasks' messages (spec §4.6), in one place. */
export const SIGN_TEXTS = {
  taken: '手慢了，该任务已被其他签约员领取',
  caseChanged: '报单状态已变化，请刷新后重试',
  taskChanged: '任务状态已变化，请刷新',
  rejectionDecided: '该拒签已处理',
  approvalOwnRejectionOnly: '只能为自己的拒签任务发起审批',
  approvalAlreadySent: '已发起企业微信审批',
  wecomNotBound: '请先在企业微信中登录一次以绑定账号',
  approvalFailed: '企业微信审批发起失败，请稍后重试',
  approvalTitle: '签约拒签审批',
  approvalClient: (name: string) => `客户：${name}`,
  approvalReason: (reason: string) => `原因：${reason}`,
} as const;
