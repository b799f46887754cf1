import { and, eq } from 'drizzle-orm';
import type { ProductFee, ProductRules } from '@crm/domain/matching';
import type { Tx } from './client.ts';
import { banks, clients, products } from './schema/cases.ts';

/*
 * The product-matching demo (decision 068, README "匹配产品"): company 1's five products get admission rules
 * and fees, seven more join them across three more banks, and two demo cases carry their fees. Cities:
 * 310100 上海, 320100 南京, 320500 苏州, 330100 杭州, 330200 宁波. Employer types: 1 国企, 2 民营, 3 外资,
 * 4 合资, 5 机关事业单位. Purposes: 1 购车, 2 装修, 3 婚庆, 4 车位, 5 摩托车, 6 其他.
 */

type Rules = Partial<ProductRules>;
const fee = (kind: ProductFee['kind'], mode: ProductFee['mode'], ratePpm: number, payee: string): ProductFee => ({
  kind,
  mode,
  rate_ppm: ratePpm,
  payee,
});

/** Rules and fees of the five products seed.ts makes (ids 1–5). */
const EXISTING: Record<number, { rules: Rules; fees: ProductFee[] }> = {
  // 招行 e 招贷: salaried people of large employers, clean credit.
  1: {
    rules: {
      age_min: 22,
      age_max: 55,
      city_ids: [310100, 320100, 330100],
      income_min_fen: 800_000,
      social_security_months_min: 12,
      employer_types: [1, 3, 4, 5],
      queries_3m_max: 4,
      queries_6m_max: 8,
      debt_ratio_max: 60,
    },
    fees: [],
  },
  // 招行信用卡分期: card holders, loose rules, a one-off handling fee.
  2: {
    rules: { age_min: 20, age_max: 60, income_min_fen: 500_000, queries_3m_max: 6, purposes: [1, 2, 3, 5, 6] },
    fees: [fee('service', 'once', 10_000, '本公司')],
  },
  // 建行快贷: long social security and housing fund, state employers only.
  3: {
    rules: {
      age_min: 25,
      age_max: 55,
      social_security_months_min: 24,
      housing_fund_months_min: 12,
      employer_types: [1, 5],
      queries_3m_max: 3,
      queries_6m_max: 6,
      debt_ratio_max: 50,
    },
    fees: [],
  },
  // 上行家装分期: renovation in Shanghai, a guarantee company's fee up front.
  4: {
    rules: { age_min: 22, age_max: 60, city_ids: [310100], income_min_fen: 600_000, purposes: [2] },
    fees: [fee('guarantee', 'once', 15_000, '担保公司')],
  },
  // 平安新一贷: most clients pass; a monthly guarantee fee and a service fee make it dear.
  5: {
    rules: {
      age_min: 22,
      age_max: 55,
      income_min_fen: 400_000,
      social_security_months_min: 6,
      queries_3m_max: 8,
      debt_ratio_max: 70,
    },
    fees: [fee('guarantee', 'monthly', 3000, '担保公司'), fee('service', 'once', 20_000, '本公司')],
  },
};

const NEW_BANKS = [
  { id: 5, corpId: 1, name: '中信银行' },
  { id: 6, corpId: 1, name: '宁波银行' },
  { id: 7, corpId: 1, name: '微众银行' },
];

const NEW_PRODUCTS: (typeof products.$inferInsert)[] = [
  {
    id: 6,
    corpId: 1,
    bankId: 5,
    name: '中信信秒贷',
    feeType: 3,
    ratePpm: 68_000,
    repaymentMethod: 1,
    minAmountFen: 1_000_000,
    maxAmountFen: 30_000_000,
    termsMonths: [12, 24, 36],
    rules: {
      age_min: 23,
      age_max: 50,
      city_ids: [310100, 320500, 330100],
      social_security_months_min: 6,
      housing_fund_months_min: 6,
      queries_3m_max: 4,
      debt_ratio_max: 55,
    },
    fees: [],
  },
  {
    id: 7,
    corpId: 1,
    bankId: 6,
    name: '宁波银行白领通',
    feeType: 3,
    ratePpm: 56_000,
    repaymentMethod: 1,
    minAmountFen: 2_000_000,
    maxAmountFen: 50_000_000,
    termsMonths: [12, 24, 36],
    rules: {
      age_min: 22,
      age_max: 50,
      city_ids: [310100, 330100, 330200],
      income_min_fen: 1_000_000,
      housing_fund_months_min: 12,
      employer_types: [1, 3, 4, 5],
      queries_6m_max: 6,
    },
    fees: [],
  },
  {
    id: 8,
    corpId: 1,
    bankId: 6,
    name: '宁波银行车位贷',
    feeType: 2,
    ratePpm: 80_000,
    minAmountFen: 5_000_000,
    maxAmountFen: 30_000_000,
    termsMonths: [12, 24, 36],
    rules: { age_min: 22, age_max: 60, city_ids: [310100, 330200], purposes: [4] },
    fees: [fee('service', 'once', 10_000, '本公司')],
  },
  {
    id: 9,
    corpId: 1,
    bankId: 7,
    name: '微众微粒贷',
    feeType: 1,
    ratePpm: 8000,
    minAmountFen: 100_000,
    maxAmountFen: 20_000_000,
    termsMonths: [6, 12, 18, 24],
    rules: { age_min: 18, age_max: 55, queries_3m_max: 10 },
    fees: [],
  },
  {
    id: 10,
    corpId: 1,
    bankId: 4,
    name: '平安车主贷',
    feeType: 1,
    ratePpm: 6500,
    minAmountFen: 3_000_000,
    maxAmountFen: 50_000_000,
    termsMonths: [12, 24, 36],
    rules: { age_min: 22, age_max: 60, income_min_fen: 500_000, purposes: [1], debt_ratio_max: 70 },
    fees: [fee('guarantee', 'once', 30_000, '担保公司'), fee('other', 'once', 10_000, 'GPS 服务商')],
  },
  {
    // Dear on purpose: above the 24 % line over 24 months, above 36 % over 12 (the demo of both).
    id: 11,
    corpId: 1,
    bankId: 3,
    name: '上行摩托车分期',
    feeType: 2,
    ratePpm: 120_000,
    minAmountFen: 1_000_000,
    maxAmountFen: 5_000_000,
    termsMonths: [12, 24],
    rules: { age_min: 20, age_max: 55, purposes: [5] },
    fees: [fee('service', 'monthly', 6000, '本公司'), fee('other', 'once', 20_000, '本公司')],
  },
  {
    id: 12,
    corpId: 1,
    bankId: 2,
    name: '建行公积金快贷',
    feeType: 3,
    ratePpm: 36_000,
    repaymentMethod: 1,
    minAmountFen: 1_000_000,
    maxAmountFen: 30_000_000,
    termsMonths: [12, 24, 36, 48, 60],
    rules: {
      age_min: 25,
      age_max: 55,
      city_ids: [310100, 320100],
      housing_fund_months_min: 24,
      employer_types: [1, 5],
    },
    fees: [],
  },
];

/** The demo's products with rules and fees, and two cases with theirs (see the README for who matches what). */
export async function seedMatchingDemo(tx: Tx): Promise<void> {
  for (const [id, { rules, fees }] of Object.entries(EXISTING))
    await tx
      .update(products)
      .set({ rules, fees })
      .where(and(eq(products.corpId, 1), eq(products.id, Number(id))));
  await tx.insert(banks).values(NEW_BANKS);
  await tx.insert(products).values(NEW_PRODUCTS);
  // 陈美玲 (招行 e 招贷, 80,000 over 36 months): a guarantee fee up front and a small monthly service fee.
  await tx
    .update(clients)
    .set({
      fees: [
        { kind: 'guarantee', mode: 'once', amount_fen: 160_000, payee: '担保公司' },
        { kind: 'service', mode: 'monthly', amount_fen: 8000, payee: '本公司' },
      ],
    })
    .where(and(eq(clients.corpId, 1), eq(clients.name, '陈美玲')));
  // 黄志强 (150,000 over 60 months): a monthly service fee that lifts the cost above the 24 % line.
  await tx
    .update(clients)
    .set({ fees: [{ kind: 'service', mode: 'monthly', amount_fen: 200_000, payee: '本公司' }] })
    .where(and(eq(clients.corpId, 1), eq(clients.name, '黄志强')));
}
