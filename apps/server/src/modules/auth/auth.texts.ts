/** What the login flow says to a person (zh-CN). */
export const AUTH_TEXTS = {
  /** A wait as a person reads it (waitText). */
  wait: {
    seconds: (n: number) => `${n} 秒`,
    minutes: (n: number) => `${n} 分钟`,
    hours: (hours: number, minutes: number) => (minutes === 0 ? `${hours} 小时` : `${hours} 小时 ${minutes} 分钟`),
  },
  codeMismatch: '验证码输入错误',
  codeSpent: '验证码错误次数过多，请重新获取',
  resendTooSoon: (seconds: number) => `发送过于频繁，请${seconds}秒后再试`,
  phoneLimit: (wait: string) => `该手机号 24 小时内的验证码发送次数已达上限，请 ${wait}后再试`,
  ipLimit: (wait: string) => `本网络发送验证码过于频繁，请 ${wait}后再试`,
  companyLimit: (wait: string) => `本公司本小时发送的验证码已达上限，请 ${wait}后再试`,
  sent: '发送成功，请注意查收',
  noAccount: '该公司下没有此手机号的账号，请联系管理员',
  loginOk: '登录成功',
  wecomUnbound: '企业微信账号尚未绑定，请使用手机号验证码登录',
  wecomInvalid: '企业微信身份已失效，请重新打开应用',
  loggedOut: '已退出登录',
  otherUser: '无权查看其他用户的信息',
  wrongPrincipal: '当前登录身份无权使用此功能',
} as const;
