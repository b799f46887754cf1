/** What the consent calls say (zh-CN), decision 073. */
export const CONSENT_TEXTS = {
  /** The refusal of a move past intake, or of signing, without consent: it names what is missing. */
  missing: '客户尚未签署《个人金融信息处理授权书》（个人信息授权），请先在报单详情中发送授权短信或上传纸质授权书',
  withdrawn: '客户已撤回个人信息授权，报单已停止办理；重新取得授权后才能继续',
  alreadyGiven: '该报单已有有效的个人信息授权',
  noneToWithdraw: '该报单没有有效的个人信息授权，无需撤回',
  noPhone: '报单未登记客户手机号，无法发送授权短信',
  linkInvalid: '授权链接无效或已过期，请联系业务员重新发送',
  fileMissing: '请选择纸质授权书照片',
  requested: '授权链接已生成，请发送给客户',
  uploaded: '纸质授权书已上传，授权已生效',
  withdrawnDone: '已记录客户撤回授权',
  codeSent: '验证码已发送',
  confirmed: '授权成功，感谢您的配合',
  unknownVersion: '授权书版本无效',
} as const;
