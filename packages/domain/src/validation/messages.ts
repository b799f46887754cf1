/**
 * The validation messages of spec §5, in the UI language. Where the spec quotes Chinese we use it
 * verbatim; where it gives only English we translate, and the English lives in VALIDATION_MESSAGES_EN.
 */
export const VALIDATION_MESSAGES = {
  phoneRequired: '手机号码必填',
  phoneFormat: '手机号码格式错误',
  codeRequired: '验证码必填',
  codeFormat: '验证码格式错误',
  codeMismatch: '验证码输入错误',
  corpRequired: '公司必选',
  amountFormat: '金额格式不正确',
  amountTooLarge: '金额不能超过 99,999,999.99 元',
  idNumberFormat: '身份证号码格式错误',
  bankCardFormat: '银行卡号格式错误',
  smsSent: '发送成功，请注意查收',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_MESSAGES_EN: Record<ValidationMessageKey, string> = {
  phoneRequired: 'phone number required',
  phoneFormat: 'phone number format error',
  codeRequired: 'verification code required',
  codeFormat: 'verification code format error',
  codeMismatch: 'verification code entered wrongly',
  corpRequired: 'company required',
  amountFormat: 'amount format incorrect',
  amountTooLarge: 'amount may not exceed 99,999,999.99',
  idNumberFormat: 'ID number format error',
  bankCardFormat: 'bank card number format error',
  smsSent: 'sent successfully, please check',
};
