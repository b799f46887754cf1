/** The FAQ and copilot's messages (decision 053), in one place. */
export const FAQ_TEXTS = {
  entryNotFound: '问答不存在',
  imageNotFound: '图片不存在',
  voted: '感谢反馈',
  tooMany: (seconds: number) => `提问太频繁，请${seconds}秒后再试`,
  unknown: '问答库里没有找到能回答这个问题的内容，我不能凭空回答。建议直接问组长，或把问题补充得更具体一些再试。',
  direct: '问答库里有现成的答案：',
  promiseWithdrawn:
    '（模型的回答里出现了对审批、利率或放款时间的承诺，已撤回，以下是问答库原文摘录。审批结果、利率和放款时间均以银行为准，不能向客户承诺。）',
  modelFailed: '智能助手暂时无法回答，以下是问答库原文摘录：',
  streamBroken: '回答中断，请重试',
  synonymNotFound: '同义词组不存在',
  synonymSaved: '已保存，问答检索立即使用',
  synonymDeleted: '已删除',
  unansweredNotFound: '问题不存在',
  unansweredHandled: '已标为已处理',
} as const;
