/** The channel portal's messages (decision 052), in one place. */
export const HOUSELOAN_TEXTS = {
  loggedIn: '登录成功',
  noAgent: '该手机号未登记为渠道经纪人，请联系渠道对接的客户经理',
  channelDisabled: '所属渠道已停用，暂不能登录或报单',
  agentOnly: '仅渠道经纪人可用',
  referralNotFound: '客户不存在',
  added: '报单成功，请拍摄客户授权书',
  consentSaved: '授权书已上传',
  consentClosed: '客户已进入签约，授权书不可再上传',
  noSteward: '暂无管家接单',
  taken: '接单成功',
  alreadyTaken: (name: string | null) => (name ? `该客户已由${name}接单` : '该客户已被接单'),
  stewardInvalid: '所选员工不是本公司的房贷管家',
  channelNotFound: '渠道不存在',
  channelStopped: '渠道已停用',
  channelResumed: '渠道已启用',
  corpNotFound: '公司不存在',
  wechatStateInvalid: '微信授权已过期，请重新打开页面',
} as const;

/** The house image type of a client's signed consent (客户授权书), which an agent photographs at auth/{id}/{type}. */
export const HOUSELOAN_CONSENT_TYPE = 7;
