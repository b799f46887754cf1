/** 渠道活码's messages (issue 50 point 1, decision 083), in one place. */
export const CONTACT_WAY_TEXTS = {
  notFound: '渠道活码不存在',
  notYours: '只能管理自己的渠道活码',
  adminOnly: '只有公司管理员可以为其他成员生成渠道活码',
  statsAdminOnly: '只有公司管理员可以查看来源统计',
  memberNotFound: '成员不存在或已离职',
  notBound: '该成员还没有绑定企业微信，无法生成「联系我」二维码',
  created: '渠道活码已生成',
  disabled: '渠道活码已停用',
  alreadyDisabled: '渠道活码已经停用',
  wecomRefused: (errcode: number, errmsg: string) => `企业微信未接受（${errcode} ${errmsg}），请稍后再试`,
  demoOnly: '模拟扫码只在离线演示中可用',
  simulateInactive: '已停用的渠道活码不能再扫码添加',
  simulated: (name: string) => `已模拟客户「${name}」扫码添加，并已按来源建档`,
  simulateFailed: '模拟的回调未被接受',
  /** The file's name when WeCom no longer knows the contact (deleted in between). */
  unnamedCustomer: '微信客户',
} as const;
