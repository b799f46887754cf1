import { describe, expect, it } from 'vitest';
import {
  admissionRequirements,
  compareMatches,
  EMPTY_PROFILE,
  evaluateAdmission,
  NO_RULES,
  productRulesSchema,
  type AdmissionProduct,
  type MatchProfile,
  type RuleKey,
  type RuleResult,
} from './rules.ts';

const CITIES = new Map([
  [310100, '上海'],
  [330100, '杭州'],
  [320500, '苏州'],
]);
const cityName = (id: number) => CITIES.get(id) ?? String(id);

/** A salaried-client product: every kind of rule set once. */
const SALARIED: AdmissionProduct = {
  rules: productRulesSchema.parse({
    age_min: 22,
    age_max: 55,
    city_ids: [310100, 330100],
    income_min_fen: 800_000,
    social_security_months_min: 12,
    housing_fund_months_min: 6,
    employer_types: [1, 5],
    queries_3m_max: 4,
    queries_6m_max: 8,
    debt_ratio_max: 50,
    purposes: [1, 2],
  }),
  minAmountFen: 5_000_000,
  maxAmountFen: 30_000_000,
  termsMonths: [12, 24, 36],
};

/** A client who passes every rule of SALARIED. */
const GOOD: MatchProfile = {
  age: 35,
  cityId: 310100,
  incomeFen: 1_500_000,
  socialSecurityMonths: 36,
  housingFundMonths: 24,
  employerType: 1,
  queries3m: 1,
  queries6m: 3,
  debtRatioPct: 30,
  purpose: 2,
  amountFen: 10_000_000,
  termMonths: 24,
};

const resultOf = (profile: MatchProfile, key: RuleKey) =>
  evaluateAdmission(SALARIED, profile, cityName).checks.find((c) => c.key === key);

describe('evaluateAdmission', () => {
  it.each<[string, Partial<MatchProfile>, RuleKey, RuleResult, string]>([
    ['the issue’s example', { socialSecurityMonths: 6 }, 'social_security', 'fail', '社保 6 个月，要求 ≥ 12 个月'],
    ['exactly the minimum', { socialSecurityMonths: 12 }, 'social_security', 'pass', '社保 12 个月，要求 ≥ 12 个月'],
    [
      'social security unknown',
      { socialSecurityMonths: null },
      'social_security',
      'unknown',
      '社保 未填写，要求 ≥ 12 个月',
    ],
    ['too young', { age: 21 }, 'age', 'fail', '年龄 21 岁，要求 22 岁–55 岁'],
    ['the oldest admitted', { age: 55 }, 'age', 'pass', '年龄 55 岁，要求 22 岁–55 岁'],
    ['too old', { age: 56 }, 'age', 'fail', '年龄 56 岁，要求 22 岁–55 岁'],
    ['another city', { cityId: 320500 }, 'city', 'fail', '城市 苏州，要求 上海、杭州'],
    ['a listed city', { cityId: 330100 }, 'city', 'pass', '城市 杭州，要求 上海、杭州'],
    ['low income', { incomeFen: 799_999 }, 'income', 'fail', '月收入 ¥7,999.99，要求 ≥ ¥8,000.00'],
    ['short housing fund', { housingFundMonths: 0 }, 'housing_fund', 'fail', '公积金 0 个月，要求 ≥ 6 个月'],
    [
      'private employer',
      { employerType: 2 },
      'employer_type',
      'fail',
      '单位性质 民营企业，要求 国有企业、机关事业单位',
    ],
    ['many recent queries', { queries3m: 5 }, 'queries_3m', 'fail', '近 3 个月查询 5 次，要求 ≤ 4 次'],
    ['queries at the limit', { queries6m: 8 }, 'queries_6m', 'pass', '近 6 个月查询 8 次，要求 ≤ 8 次'],
    ['high debt', { debtRatioPct: 51 }, 'debt_ratio', 'fail', '负债率 51%，要求 ≤ 50%'],
    ['a purpose not allowed', { purpose: 3 }, 'purpose', 'fail', '用途 婚庆，要求 购车、装修'],
    ['too much', { amountFen: 30_000_001 }, 'amount', 'fail', '金额 ¥300,000.01，要求 ¥50,000.00–¥300,000.00'],
    ['a term not offered', { termMonths: 48 }, 'term', 'fail', '期限 48 个月，要求 12、24、36 个月'],
  ])('%s', (_, change, key, result, text) => {
    expect(resultOf({ ...GOOD, ...change }, key)).toEqual({ key, result, text });
  });

  it.each<[string, AdmissionProduct, MatchProfile, RuleResult, number]>([
    ['a client who passes everything', SALARIED, GOOD, 'pass', 100],
    ['one failure fails the product', SALARIED, { ...GOOD, queries3m: 9 }, 'fail', 92],
    ['nothing known: every rule half', SALARIED, EMPTY_PROFILE, 'unknown', 50],
    [
      'unknowns and a failure',
      SALARIED,
      { ...GOOD, socialSecurityMonths: null, housingFundMonths: null, debtRatioPct: 80 },
      'fail',
      83,
    ],
    [
      'a product with no rules admits anyone',
      { rules: NO_RULES, minAmountFen: 0, maxAmountFen: 0, termsMonths: [] },
      EMPTY_PROFILE,
      'pass',
      100,
    ],
  ])('%s', (_, product, profile, verdict, score) => {
    const admission = evaluateAdmission(product, profile, cityName);
    expect(admission.verdict).toBe(verdict);
    expect(admission.score).toBe(score);
  });

  it('leaves out the rules a product does not set, and says how the score was reached', () => {
    const product: AdmissionProduct = {
      rules: productRulesSchema.parse({ age_min: 25, queries_3m_max: 3 }),
      minAmountFen: 0,
      maxAmountFen: 0,
      termsMonths: [],
    };
    const admission = evaluateAdmission(product, { ...EMPTY_PROFILE, age: 30 }, cityName);
    expect(admission.checks).toEqual([
      { key: 'age', result: 'pass', text: '年龄 30 岁，要求 ≥ 25 岁' },
      { key: 'queries_3m', result: 'unknown', text: '近 3 个月查询 未填写，要求 ≤ 3 次' },
    ]);
    expect(admission.scoreNote).toBe('通过 1 项，待确认 1 项（各计半分），不通过 0 项，共 2 项：75 分');
  });
});

describe('admissionRequirements', () => {
  it("says what a product asks in the evaluator's words, names not codes, in its order", () => {
    expect(admissionRequirements(SALARIED, cityName).map((r) => `${r.label} ${r.requirement}`)).toEqual([
      '年龄 22 岁–55 岁',
      '城市 上海、杭州',
      '月收入 ≥ ¥8,000.00',
      '社保 ≥ 12 个月',
      '公积金 ≥ 6 个月',
      '单位性质 国有企业、机关事业单位',
      '近 3 个月查询 ≤ 4 次',
      '近 6 个月查询 ≤ 8 次',
      '负债率 ≤ 50%',
      '用途 购车、装修',
      '金额 ¥50,000.00–¥300,000.00',
      '期限 12、24、36 个月',
    ]);
  });

  it('reads a stored code no option names as its number, and leaves out rules not set', () => {
    const product: AdmissionProduct = {
      rules: productRulesSchema.parse({ employer_types: [2, 99], purposes: [] }),
      minAmountFen: 0,
      maxAmountFen: 0,
      termsMonths: [],
    };
    expect(admissionRequirements(product)).toEqual([
      { key: 'employer_type', label: '单位性质', requirement: '民营企业、99' },
    ]);
    expect(admissionRequirements({ ...product, rules: NO_RULES })).toEqual([]);
  });
});

describe('productRulesSchema', () => {
  it('refuses an age range upside down, in words', () => {
    const result = productRulesSchema.safeParse({ age_min: 50, age_max: 30 });
    expect(result.error?.issues[0]?.message).toBe('最低年龄不能高于最高年龄');
  });
  it('refuses a negative count', () => {
    expect(productRulesSchema.safeParse({ queries_3m_max: -1 }).error?.issues[0]?.message).toBe(
      '近 3 个月查询次数不能为负',
    );
  });
});

describe('compareMatches', () => {
  it('puts passes first, then the higher score, then the cheaper cost', () => {
    const rows = [
      { id: 'fail', verdict: 'fail' as const, score: 95, irrPpm: 50_000 },
      { id: 'dear', verdict: 'pass' as const, score: 100, irrPpm: 200_000 },
      { id: 'unknown', verdict: 'unknown' as const, score: 90, irrPpm: 10_000 },
      { id: 'cheap', verdict: 'pass' as const, score: 100, irrPpm: 80_000 },
      { id: 'unpriced', verdict: 'pass' as const, score: 100, irrPpm: null },
    ];
    expect(rows.sort(compareMatches).map((row) => row.id)).toEqual(['cheap', 'dear', 'unpriced', 'unknown', 'fail']);
  });
});
