/** The approved scripts' messages (issue 50 point 3, decision 080), in one place. */
export const SCRIPT_TEXTS = {
  notFound: '话术不存在',
  inactive: '这条话术已停用',
  saved: '已保存',
  used: '已记录使用',
} as const;
