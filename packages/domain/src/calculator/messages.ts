import { bilingual } from '../validation/bilingual.ts';

/**
 * Validation messages of the loan calculator (spec §5): the Chinese texts are the UI language, beside each
 * the spec's English text, which CALCULATOR_MESSAGES_EN answers under the same keys.
 */
const messages = bilingual({
  amountRequired: ['请输入贷款金额', 'amount required'],
  amountInteger: ['金额只能是整数', 'amount can only be an integer'],
  termRequired: ['请选择贷款期限', 'term required'],
  interestTypeRequired: ['请选择利率类型', 'interest type required'],
  rateRequired: ['请输入利率', 'rate required'],
  rateInvalid: ['利率输入有误', 'rate entered wrongly'],
  methodRequired: ['请选择还款方式', 'repayment method required'],
});

export const CALCULATOR_MESSAGES = messages.zh;

export type CalculatorMessageKey = keyof typeof CALCULATOR_MESSAGES;

export const CALCULATOR_MESSAGES_EN = messages.en;
