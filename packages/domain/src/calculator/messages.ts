/**
 * Validation messages of the loan calculator (spec §5). The Chinese texts are the UI language; the spec's
 * English texts live in CALCULATOR_MESSAGES_EN under the same keys.
 */
export const CALCULATOR_MESSAGES = {
  amountRequired: '请输入贷款金额',
  amountInteger: '金额只能是整数',
  termRequired: '请选择贷款期限',
  interestTypeRequired: '请选择利率类型',
  rateRequired: '请输入利率',
  rateInvalid: '利率输入有误',
  methodRequired: '请选择还款方式',
} as const;

export type CalculatorMessageKey = keyof typeof CALCULATOR_MESSAGES;

export const CALCULATOR_MESSAGES_EN: Record<CalculatorMessageKey, string> = {
  amountRequired: 'amount required',
  amountInteger: 'amount can only be an integer',
  termRequired: 'term required',
  interestTypeRequired: 'interest type required',
  rateRequired: 'rate required',
  rateInvalid: 'rate entered wrongly',
  methodRequired: 'repayment method required',
};
