import { VALIDATION_MESSAGES, VALIDATION_MESSAGES_EN, type ValidationMessageKey } from '@crm/domain/validation';

/** UI texts of the login feature (spec §2 Login, §4, §5, §8). */
export const authTexts = {
  authorizing: '企业微信授权中',
  pleaseWait: '请耐心等待...',
  corpLabel: '公司',
  corpPlaceholder: '请选择公司',
  phoneLabel: '手机号码',
  phonePlaceholder: '请输入手机号码',
  codeLabel: '验证码',
  codePlaceholder: '请输入验证码',
  getCode: '获取验证码',
  countdown: (seconds: number) => `${seconds}s`,
  submit: '登录',
  submitting: '账号登录中',
  demoCode: (code: string) => `演示模式验证码：${code}`,
  corpLoadFailed: '公司列表加载失败',
  retry: '重试',
  confirm: '确定',
  cancel: '取消',
  ...(VALIDATION_MESSAGES as Record<ValidationMessageKey, string>),
};

/** The spec's English texts (used when localStorage['crm-locale'] is 'en-US'). */
export const enUS: Partial<typeof authTexts> = {
  authorizing: 'Enterprise messaging authorizing',
  pleaseWait: 'Please wait patiently',
  submit: 'Login',
  ...VALIDATION_MESSAGES_EN,
};

export type AuthTexts = typeof authTexts;
