/** What the idempotency guard says to a person (zh-CN). */
export const IDEMPOTENCY_TEXTS = {
  badKey: '请求标识格式不正确，请刷新页面后重新提交',
  keyReused: '该请求标识已用于其他内容，请刷新页面后重新提交',
  inFlight: '上一次提交仍在处理中，请稍后再试',
} as const;
