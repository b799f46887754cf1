import { bilingual } from './bilingual.ts';

/**
 * The validation messages of spec §5, one table as the spec has one list, in the UI language. Where the spec
 * quotes Chinese we use it verbatim; where it gives only English we translate, and the English
 * (VALIDATION_MESSAGES_EN) stands beside it. The loan calculator's come last (validateCalculatorForm).
 */
const messages = bilingual({
  phoneRequired: ['手机号码必填', 'phone number required'],
  phoneFormat: ['手机号码格式错误', 'phone number format error'],
  codeRequired: ['验证码必填', 'verification code required'],
  codeFormat: ['验证码格式错误', 'verification code format error'],
  codeMismatch: ['验证码输入错误', 'verification code entered wrongly'],
  corpRequired: ['公司必选', 'company required'],
  amountFormat: ['金额格式不正确', 'amount format incorrect'],
  amountTooLarge: ['金额不能超过 99,999,999.99 元', 'amount may not exceed 99,999,999.99'],
  idNumberFormat: ['身份证号码格式错误', 'ID number format error'],
  bankCardFormat: ['银行卡号格式错误', 'bank card number format error'],
  smsSent: ['发送成功，请注意查收', 'sent successfully, please check'],
  amountRequired: ['请输入贷款金额', 'amount required'],
  amountInteger: ['金额只能是整数', 'amount can only be an integer'],
  termRequired: ['请选择贷款期限', 'term required'],
  interestTypeRequired: ['请选择利率类型', 'interest type required'],
  rateRequired: ['请输入利率', 'rate required'],
  rateInvalid: ['利率输入有误', 'rate entered wrongly'],
  methodRequired: ['请选择还款方式', 'repayment method required'],
});

export const VALIDATION_MESSAGES = messages.zh;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const VALIDATION_MESSAGES_EN = messages.en;
