/** The back office's messages (decision 057). */
export const ADMIN_TEXTS = {
  saved: '已保存',
  added: '已添加',
  staffNotFound: '员工不存在',
  teamNotFound: '团队不存在',
  noticeNotFound: '公告不存在',
  companyNotFound: '公司不存在',
  phoneTaken: '该手机号已是本公司员工',
  notOwnAdmin: '不能取消自己的管理员授权或停用自己',
  noticeEndsBeforeStart: '结束时间须晚于开始时间',
  nothingToChange: '没有需要修改的内容',
} as const;
