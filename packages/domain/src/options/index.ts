/**
 * Option lists of an instalment-loan case (spec §9). Values are stable small integers stored on the case;
 * labels are the UI language. Where the spec names the list but not its items (occupations, employer
 * types, the 16 rejection reasons), the items are the ones a loan intermediary's forms use
 * (docs/decisions/007-case-fields-and-options.md).
 */
export type Option = { readonly value: number; readonly label: string };

/** The options of `labels` valued 1, 2, 3… in order, each typed with its own value and label. */
type Numbered<L extends readonly string[], Before extends readonly unknown[] = []> = L extends readonly [
  infer First extends string,
  ...infer Rest extends readonly string[],
]
  ? readonly [
      { readonly value: [...Before, First]['length']; readonly label: First },
      ...Numbered<Rest, [...Before, First]>,
    ]
  : L extends readonly []
    ? readonly []
    : readonly Option[];

/** A list of options valued 1, 2, 3… in the order of `labels`, the way every stored option list is numbered. */
export const list = <const L extends readonly string[]>(labels: L): Numbered<L> =>
  // map cannot say which value each position gets; Numbered does.
  labels.map((label, index) => ({ value: index + 1, label })) as unknown as Numbered<L>;

/** Loan terms in months: the long list of spec §9 (consumer loans). */
export const LOAN_TERMS: readonly number[] = [6, 12, 18, 24, 36, 48, 60];
/** The short list of spec §9 (bank-card instalments start at a year). */
export const LOAN_TERMS_LONG: readonly number[] = [12, 24, 36, 48, 60];

export const REGIONS = list(['上海', '其他']);
export const MARITAL_STATUSES = list(['已婚', '未婚', '分居', '离异', '丧偶', '其他']);
export const EDUCATIONS = list(['初中及以下', '高中/中专', '大专', '本科', '研究生及以上']);
export const OCCUPATIONS = list([
  '企业职员',
  '公务员/事业单位',
  '个体工商户',
  '企业主',
  '自由职业',
  '专业技术人员',
  '教师/医生',
  '军人/警察',
  '农林牧渔',
  '退休',
  '其他',
]);
export const EMPLOYER_TYPES = list([
  '国有企业',
  '民营企业',
  '外资企业',
  '合资企业',
  '机关事业单位',
  '个体经营',
  '社会团体',
  '其他',
]);
export const LOAN_PURPOSES = list(['购车', '装修', '婚庆', '车位', '摩托车', '其他']);
export const REJECT_REASONS = list([
  '负债率过高',
  '征信异常',
  '查询次数过多',
  '涉诉',
  '黑名单',
  '多头授信',
  '客户取消',
  '收入不足',
  '工作不稳定',
  '资料不全',
  '资料造假',
  '年龄不符',
  '户籍/区域不符',
  '逾期未还',
  '联系不上客户',
  '其他',
]);
export const REPAYMENT_METHODS = list(['信用卡', '借记卡', '现金', '信用卡+现金']);

/** Label of `value` in `options`, or '' for an unknown or missing value. */
export function optionLabel(options: readonly Option[], value: number | null | undefined): string {
  return options.find((option) => option.value === value)?.label ?? '';
}

/** Whether `value` is one of the options (the server refuses anything else). */
export function isOption(options: readonly Option[], value: number): boolean {
  return options.some((option) => option.value === value);
}
