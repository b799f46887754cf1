import { z } from 'zod';
import { formatFen } from '../money/amount.ts';
import { EMPLOYER_TYPES, LOAN_PURPOSES, optionLabel, type Option } from '../options/index.ts';

/*
 * A product's admission rules (准入, decision 068) and the evaluator that reads a client's profile against
 * them: pass, fail or unknown per rule, each in a plain sentence, and a score that says how it was reached.
 */

const count = (what: string, max: number) =>
  z
    .number({ error: `${what}无效` })
    .int(`${what}须为整数`)
    .min(0, `${what}不能为负`)
    .max(max, `${what}过大`)
    .nullable()
    .default(null);
const ids = (what: string) =>
  z
    .array(
      z
        .number({ error: `${what}无效` })
        .int(`${what}无效`)
        .positive(`${what}无效`),
      { error: `${what}无效` },
    )
    .max(400, `${what}过多`)
    .default([]);

/** The admission rules of a product. A null bound or an empty list is no rule. */
export const productRulesSchema = z
  .object(
    {
      age_min: count('最低年龄', 100),
      age_max: count('最高年龄', 100),
      city_ids: ids('城市'),
      income_min_fen: count('最低月收入', 100_000_000_00),
      social_security_months_min: count('社保月数', 600),
      housing_fund_months_min: count('公积金月数', 600),
      employer_types: ids('单位性质'),
      queries_3m_max: count('近 3 个月查询次数', 1000),
      queries_6m_max: count('近 6 个月查询次数', 1000),
      /** Percent of monthly income that goes to debts. */
      debt_ratio_max: count('负债率', 1000),
      purposes: ids('贷款用途'),
    },
    { error: '准入条件格式无效' },
  )
  .refine((rules) => rules.age_min === null || rules.age_max === null || rules.age_min <= rules.age_max, {
    message: '最低年龄不能高于最高年龄',
    path: ['age_max'],
  });
export type ProductRules = z.output<typeof productRulesSchema>;

/** A product with no admission rules of its own (amount and term ranges are still checked). */
export const NO_RULES: ProductRules = productRulesSchema.parse({});

/** What is known of the client; null is not known (not asked, or not on the case). */
export interface MatchProfile {
  age: number | null;
  cityId: number | null;
  incomeFen: number | null;
  socialSecurityMonths: number | null;
  housingFundMonths: number | null;
  employerType: number | null;
  queries3m: number | null;
  queries6m: number | null;
  debtRatioPct: number | null;
  purpose: number | null;
  amountFen: number | null;
  termMonths: number | null;
}

/** A profile where nothing is known, to start from. */
export const EMPTY_PROFILE: MatchProfile = {
  age: null,
  cityId: null,
  incomeFen: null,
  socialSecurityMonths: null,
  housingFundMonths: null,
  employerType: null,
  queries3m: null,
  queries6m: null,
  debtRatioPct: null,
  purpose: null,
  amountFen: null,
  termMonths: null,
};

/** What a product admits: its rules and the amount and term ranges it has always had. */
export interface AdmissionProduct {
  rules: ProductRules;
  minAmountFen: number;
  /** 0: no upper bound (an unset product). */
  maxAmountFen: number;
  /** Empty: any term. */
  termsMonths: readonly number[];
}

export const RULE_RESULTS = ['pass', 'fail', 'unknown'] as const;
export type RuleResult = (typeof RULE_RESULTS)[number];

export const RULE_KEYS = [
  'age',
  'city',
  'income',
  'social_security',
  'housing_fund',
  'employer_type',
  'queries_3m',
  'queries_6m',
  'debt_ratio',
  'purpose',
  'amount',
  'term',
] as const;
export type RuleKey = (typeof RULE_KEYS)[number];

/** One rule read against the profile, with the sentence a salesperson reads out to the client. */
export interface RuleCheck {
  key: RuleKey;
  result: RuleResult;
  /** e.g. `社保 6 个月，要求 ≥ 12 个月` */
  text: string;
}

export interface Admission {
  checks: RuleCheck[];
  /** fail if any rule fails, else unknown if any is unknown, else pass. */
  verdict: RuleResult;
  /** 0–100: a passed rule counts 1, an unknown one ½, a failed one 0, over the rules the product has. */
  score: number;
  /** How the score was reached, in words. */
  scoreNote: string;
}

const UNKNOWN = '未填写';
const joinNames = (names: readonly string[]) => names.join('、');

/** One rule a product sets: what it asks in words, and how a profile's value is read against it. */
interface RuleSpec {
  key: RuleKey;
  label: string;
  /** e.g. `≥ 12 个月`, `上海、杭州` */
  requirement: string;
  value: (profile: MatchProfile) => number | null;
  shown: (value: number) => string;
  passes: (value: number) => boolean;
}

/** One rule a product sets, in words: `社保` `≥ 12 个月`; `城市` `上海、杭州`. */
export interface RuleRequirement {
  key: RuleKey;
  label: string;
  requirement: string;
}

function range(min: number | null, max: number | null, unit: (value: number) => string): string {
  if (min !== null && max !== null) return `${unit(min)}–${unit(max)}`;
  return min !== null ? `≥ ${unit(min)}` : `≤ ${unit(max ?? 0)}`;
}
const within = (min: number | null, max: number | null) => (value: number) =>
  (min === null || value >= min) && (max === null || value <= max);

/** A stored code no option names (an option since removed) reads as its number rather than vanishing. */
const optionName = (options: readonly Option[]) => (value: number) => optionLabel(options, value) || String(value);

/** The rules the product sets, in a fixed order; a rule it does not set is left out. */
function ruleSpecs(product: AdmissionProduct, cityName: (id: number) => string): RuleSpec[] {
  const { rules } = product;
  const specs: RuleSpec[] = [];
  const bounded = (
    key: RuleKey,
    label: string,
    value: RuleSpec['value'],
    min: number | null,
    max: number | null,
    unit: (value: number) => string,
  ) => {
    if (min === null && max === null) return;
    specs.push({ key, label, requirement: range(min, max, unit), value, shown: unit, passes: within(min, max) });
  };
  const listed = (
    key: RuleKey,
    label: string,
    value: RuleSpec['value'],
    allowed: readonly number[],
    name: (value: number) => string,
    requirement = joinNames(allowed.map(name)),
  ) => {
    if (allowed.length === 0) return;
    specs.push({ key, label, requirement, value, shown: name, passes: (v) => allowed.includes(v) });
  };
  const months = (value: number) => `${value} 个月`;
  const times = (value: number) => `${value} 次`;

  bounded(
    'age',
    '年龄',
    (p) => p.age,
    rules.age_min,
    rules.age_max,
    (v) => `${v} 岁`,
  );
  listed('city', '城市', (p) => p.cityId, rules.city_ids, cityName);
  bounded('income', '月收入', (p) => p.incomeFen, rules.income_min_fen, null, formatFen);
  bounded('social_security', '社保', (p) => p.socialSecurityMonths, rules.social_security_months_min, null, months);
  bounded('housing_fund', '公积金', (p) => p.housingFundMonths, rules.housing_fund_months_min, null, months);
  listed('employer_type', '单位性质', (p) => p.employerType, rules.employer_types, optionName(EMPLOYER_TYPES));
  bounded('queries_3m', '近 3 个月查询', (p) => p.queries3m, null, rules.queries_3m_max, times);
  bounded('queries_6m', '近 6 个月查询', (p) => p.queries6m, null, rules.queries_6m_max, times);
  bounded(
    'debt_ratio',
    '负债率',
    (p) => p.debtRatioPct,
    null,
    rules.debt_ratio_max,
    (v) => `${v}%`,
  );
  listed('purpose', '用途', (p) => p.purpose, rules.purposes, optionName(LOAN_PURPOSES));
  const maxAmount = product.maxAmountFen > 0 ? product.maxAmountFen : null;
  const minAmount = product.minAmountFen > 0 ? product.minAmountFen : null;
  bounded('amount', '金额', (p) => p.amountFen, minAmount, maxAmount, formatFen);
  listed('term', '期限', (p) => p.termMonths, product.termsMonths, months, `${product.termsMonths.join('、')} 个月`);
  return specs;
}

/**
 * What a product asks, rule by rule, in the evaluator's own words and order (the back office's list shows it):
 * names for cities, employer types and purposes, never their codes.
 */
export function admissionRequirements(
  product: AdmissionProduct,
  cityName: (id: number) => string = String,
): RuleRequirement[] {
  return ruleSpecs(product, cityName).map(({ key, label, requirement }) => ({ key, label, requirement }));
}

/**
 * The profile read against every rule the product has, in a fixed order; a rule the product does not set
 * is left out. `cityName` names a city id (the server reads the cities table; a test passes a map).
 */
export function evaluateAdmission(
  product: AdmissionProduct,
  profile: MatchProfile,
  cityName: (id: number) => string = String,
): Admission {
  const checks = ruleSpecs(product, cityName).map(({ key, label, requirement, value, shown, passes }): RuleCheck => {
    const v = value(profile);
    const result: RuleResult = v === null ? 'unknown' : passes(v) ? 'pass' : 'fail';
    return { key, result, text: `${label} ${v === null ? UNKNOWN : shown(v)}，要求 ${requirement}` };
  });
  return { checks, ...scoreOf(checks) };
}

function scoreOf(checks: readonly RuleCheck[]): Omit<Admission, 'checks'> {
  const tally = (result: RuleResult) => checks.filter((c) => c.result === result).length;
  const [pass, unknown, fail] = [tally('pass'), tally('unknown'), tally('fail')];
  const score = checks.length === 0 ? 100 : Math.round((100 * (pass + unknown / 2)) / checks.length);
  const verdict: RuleResult = fail > 0 ? 'fail' : unknown > 0 ? 'unknown' : 'pass';
  const scoreNote =
    checks.length === 0
      ? '该产品未设准入条件：100 分'
      : `通过 ${pass} 项，待确认 ${unknown} 项（各计半分），不通过 ${fail} 项，共 ${checks.length} 项：${score} 分`;
  return { verdict, score, scoreNote };
}

const VERDICT_ORDER: Record<RuleResult, number> = { pass: 0, unknown: 1, fail: 2 };

/**
 * The order of the matching list: products the client passes first, then those waiting on what is not
 * known, then those failed; within each the higher score, then the lower all-in cost (unknown cost last).
 */
export function compareMatches(
  a: { verdict: RuleResult; score: number; irrPpm: number | null },
  b: { verdict: RuleResult; score: number; irrPpm: number | null },
): number {
  return (
    VERDICT_ORDER[a.verdict] - VERDICT_ORDER[b.verdict] ||
    b.score - a.score ||
    (a.irrPpm ?? Number.MAX_SAFE_INTEGER) - (b.irrPpm ?? Number.MAX_SAFE_INTEGER)
  );
}
