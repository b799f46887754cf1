/** The home module's messages (zh-CN). */
export const HOME_TEXTS = {
  otherUser: '无权查看其他用户的信息',
} as const;
