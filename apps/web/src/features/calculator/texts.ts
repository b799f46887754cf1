import { VALIDATION_MESSAGES, VALIDATION_MESSAGES_EN, type ValidationMessageKey } from '@crm/domain/validation';

/** UI texts of the loan calculator (spec §2 Calculator, §5, §9). */
export const calculatorTexts = {
  amountLabel: '贷款金额',
  amountPlaceholder: '请输入贷款金额',
  amountUnit: '万元',
  termLabel: '贷款期限',
  termPlaceholder: '请选择贷款期限',
  termOption: (months: number) => `${months}期（${months}个月）`,
  interestTypeLabel: '利率类型',
  interestTypes: { annual: '年化利率', instalment: '分期费率' } as Record<string, string>,
  rateLabelAnnual: '年利率',
  rateLabelInstalment: '月费率',
  ratePlaceholder: '请输入利率',
  rateUnit: '%',
  methodLabel: '还款方式',
  methods: { equalInstalment: '等额本息', equalPrincipal: '等额本金' } as Record<string, string>,
  // The all-in cost (decision 068): fees on top of the rate, optional.
  upfrontFeeLabel: '一次性费用',
  monthlyFeeLabel: '每月费用',
  feeUnit: '元',
  feePlaceholder: '选填，如担保费、服务费',
  feeInvalid: '费用格式不正确（元，最多两位小数）',
  upfrontFee: '一次性费用（元）',
  monthlyFee: '每月费用（元）',
  allInCost: '综合年化成本（含费用）',
  costUnknown: '费用已达贷款金额，无法计算',
  submit: '开始计算',
  resultTitle: '计算结果',
  close: '关闭',
  confirm: '确定',
  cancel: '取消',
  loanAmount: '贷款金额（元）',
  nper: '期数',
  rant: '年化利率',
  /** A monthly fee × 12 is no interest rate: the IRR beside it is the real one. */
  rantInstalment: '名义年费率',
  irr: '实际年化利率（IRR）',
  totalInterest: '总利息（元）',
  moneyInterest: '本息合计（元）',
  /** Equal instalments pay the same every month; equal principal pays less each month than the first. */
  monthPayment: '每月月供（元）',
  firstMonthPayment: '首月月供（元）',
  scheduleTitle: '还款计划',
  colNper: '期数',
  colPayment: '月供',
  colInterest: '利息',
  colCorpus: '本金',
  colResidue: '剩余本金',
  disclaimer: '计算结果仅供参考，实际月供以银行计算为准',
  // Why the schedule's rows may not add up to the totals to the fen (the totals are the banks', issue 39).
  roundingNote: '每期金额四舍五入到分；总利息按未取整的每期金额计算，与逐期相加可能相差几分',
  // The schedule as an image to send a customer in WeCom (decision 058).
  shareImage: '生成分享图',
  shareImageAlt: '还款计划分享图',
  shareImageHint: '长按图片，发送给客户',
  shareImageFailed: '当前浏览器无法生成图片',
  shareImageTitle: '还款计划',
  moreRows: (n: number) => `…… 其余 ${n} 期略`,
  // The form's messages are spec §5's, from its one table (validateCalculatorForm names them by key).
  messages: VALIDATION_MESSAGES as Record<ValidationMessageKey, string>,
};

/** The spec's English texts. */
export const enUS: Partial<typeof calculatorTexts> = {
  disclaimer: 'Results are for reference only; the actual monthly payment follows the bank\u2019s calculation.',
  monthPayment: 'Monthly payment (CNY)',
  firstMonthPayment: 'First month payment (CNY)',
  roundingNote:
    'Each instalment is rounded to the fen; the total interest is computed from the unrounded instalments, so the rows may differ from it by a few fen.',
  messages: VALIDATION_MESSAGES_EN,
};
