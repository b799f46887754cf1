import { z } from 'zod';
import { yuanToFen } from '../money/amount.ts';
import { EMPLOYER_TYPES, isOption, LOAN_PURPOSES, type Option } from '../options/index.ts';
import { caseFeeSchema } from '../matching/fees.ts';
import { RULE_KEYS, RULE_RESULTS, type MatchProfile } from '../matching/rules.ts';
import { MAX_ROW_ID } from './bounds.ts';

/*
 * POST productMatch (decision 068): a client's profile in, the company's products out, each with its rules
 * read against the profile, a score, the monthly payment and the all-in annual cost. The profile arrives as
 * form strings; a field left empty is not known, and its rules answer 待确认 (unknown).
 */

const blank = (value: unknown) => value === undefined || value === null || value === '';
/** A form field: text (multipart), a number (JSON), or nothing. */
const field = z.union([z.string(), z.number(), z.null()]).optional();

/** A whole number a form may leave empty (null), else within [min, max], refused in the field's words. */
const optionalWhole = (min: number, max: number, message: string) =>
  field.transform((value, ctx): number | null => {
    if (blank(value)) return null;
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.addIssue({ code: 'custom', message });
      return null;
    }
    return n;
  });

const optionalOption = (options: readonly Option[], message: string) =>
  optionalWhole(1, 999, message).refine((value) => value === null || isOption(options, value), message);

const yuan = (message: string, required: string | null) =>
  field.transform((value, ctx): number | null => {
    if (blank(value)) {
      if (required) ctx.addIssue({ code: 'custom', message: required });
      return null;
    }
    const fen = yuanToFen(String(value));
    if (fen === null || (required !== null && fen <= 0)) {
      ctx.addIssue({ code: 'custom', message });
      return null;
    }
    return fen;
  });

export const productMatchRequestSchema = z
  .object({
    age: optionalWhole(16, 100, '年龄须为 16–100 的整数'),
    city_id: optionalWhole(1, MAX_ROW_ID, '城市无效'),
    /** yuan a month */
    income: yuan('月收入格式不正确（元，最多两位小数）', null),
    social_security_months: optionalWhole(0, 600, '社保月数须为 0–600 的整数'),
    housing_fund_months: optionalWhole(0, 600, '公积金月数须为 0–600 的整数'),
    employer_type: optionalOption(EMPLOYER_TYPES, '单位性质无效'),
    queries_3m: optionalWhole(0, 1000, '近 3 个月查询次数须为 0–1000 的整数'),
    queries_6m: optionalWhole(0, 1000, '近 6 个月查询次数须为 0–1000 的整数'),
    /** percent of income paid to debts */
    debt_ratio: optionalWhole(0, 1000, '负债率须为 0–1000 的整数（%）'),
    purpose: optionalOption(LOAN_PURPOSES, '贷款用途无效'),
    /** yuan */
    amount: yuan('贷款金额格式不正确（元，最多两位小数）', '请填写贷款金额'),
    term: optionalWhole(1, 360, '期限须为 1–360 个月').refine((value) => value !== null, '请选择期限'),
  })
  .transform((form): MatchProfile => ({
    age: form.age,
    cityId: form.city_id,
    incomeFen: form.income,
    socialSecurityMonths: form.social_security_months,
    housingFundMonths: form.housing_fund_months,
    employerType: form.employer_type,
    queries3m: form.queries_3m,
    queries6m: form.queries_6m,
    debtRatioPct: form.debt_ratio,
    purpose: form.purpose,
    amountFen: form.amount,
    termMonths: form.term,
  }));
export type ProductMatchRequest = z.input<typeof productMatchRequestSchema>;

export const matchRuleSchema = z.object({
  key: z.enum(RULE_KEYS),
  result: z.enum(RULE_RESULTS),
  text: z.string(),
});

export const productMatchItemSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  bank_id: z.number().int().nullable(),
  bank_name: z.string(),
  /** pass: every rule passes; unknown: none fails but some wait on what is not known; fail: one fails. */
  verdict: z.enum(RULE_RESULTS),
  score: z.number().int(),
  /** How the score was reached, in words. */
  score_note: z.string(),
  rules: z.array(matchRuleSchema),
  /** The price as the lender quotes it (月费率 0.35%), or 未定价. */
  price: z.string(),
  /** The first month's payment with every monthly fee; null for a product without a price. */
  month_payment_fen: z.number().int().nullable(),
  /** Annual all-in cost in percent (IRR of the client's cash flows × 12); null for a product without a price. */
  all_in_cost: z.number().nullable(),
  /** The product's fees in fen for this amount: what 报单 pre-fills the case with. */
  fees: z.array(caseFeeSchema),
  /** The amount and term asked, when the product takes them: what 报单 pre-fills. */
  amount_fen: z.number().int(),
  term: z.number().int(),
});
export type ProductMatchItem = z.infer<typeof productMatchItemSchema>;

export const productMatchResponseSchema = z.object({
  /** The company's warning line of the all-in cost, percent (decision 068; 36 % is the hard limit). */
  all_in_cost_cap: z.number(),
  list: z.array(productMatchItemSchema),
});
export type ProductMatch = z.infer<typeof productMatchResponseSchema>;

/** The company's warning line of the all-in cost, percent: what the case form warns above as it is typed. */
export const allInCostCapSchema = z.object({ all_in_cost_cap: z.number() });
export type AllInCostCap = z.infer<typeof allInCostCapSchema>;
