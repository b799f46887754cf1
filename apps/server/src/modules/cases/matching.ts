import type { ProductMatch, ProductMatchItem } from '@crm/domain/api/matching';
import {
  allInCost,
  feeTypeLabel,
  formatPpmPercent,
  isFeeType,
  isRepaymentMethod,
  ppmToPercent,
  type LoanPrice,
} from '@crm/domain/calculator';
import {
  compareMatches,
  evaluateAdmission,
  fenFees,
  NO_RULES,
  productFeesInFen,
  productFeesSchema,
  productRulesSchema,
  type CaseFee,
  type MatchProfile,
} from '@crm/domain/matching';
import type { CasesRepository } from './cases.repository.ts';

/*
 * Product matching and the all-in cost of a case (decision 068), on the domain's evaluator and the
 * calculator's fen schedule. The cases service calls these; they read through the cases repository only.
 */

/** A product's stored price as the calculator takes it, or null while it is not (fully) priced. */
export function priceOf(row: {
  feeType: number | null;
  ratePpm: number | null;
  method: number | null;
}): LoanPrice | null {
  const { feeType, ratePpm, method } = row;
  if (!isFeeType(feeType) || ratePpm === null) return null;
  if (feeType === 3) return isRepaymentMethod(method) ? { feeType, ratePpm, method } : null;
  return { feeType, ratePpm, method: null };
}

/**
 * A case's all-in cost: its product's price when it has one (else the principal alone) and its fees. Null
 * when there is no loan to cost (no amount yet); `irrPpm` null when the one-off fees take the whole loan.
 */
export async function caseCost(
  repo: CasesRepository,
  corpId: number,
  c: { productId: number | null; amountFen: number; termMonths: number; fees: readonly CaseFee[] },
): Promise<{ irrPpm: number | null } | null> {
  if (c.amountFen <= 0 || c.termMonths < 1) return null;
  return costAt(c, c.productId === null ? undefined : await repo.productPrice(corpId, c.productId));
}

/** caseCost with the product's price row already read (the detail reads it in its one statement). */
export function costAt(
  c: { amountFen: number; termMonths: number; fees: readonly CaseFee[] },
  row: Parameters<typeof priceOf>[0] | undefined,
): { irrPpm: number | null } | null {
  if (c.amountFen <= 0 || c.termMonths < 1) return null;
  const price = row ? priceOf(row) : null;
  return allInCost({ amountFen: c.amountFen, termMonths: c.termMonths, price, fees: fenFees(c.fees) });
}

/** The price as the lender quotes it: 月费率 0.35%, or 未定价. */
const priceText = (price: LoanPrice | null) =>
  price ? `${feeTypeLabel(price.feeType)} ${formatPpmPercent(price.ratePpm)}` : '未定价';

/**
 * Every active product of the company read against the profile: its rules one by one, its score, and for
 * the amount and term asked its first payment and all-in cost with its own fees. Passes first (compareMatches).
 */
export async function matchProducts(
  repo: CasesRepository,
  corpId: number,
  profile: MatchProfile & { amountFen: number; termMonths: number },
): Promise<ProductMatch> {
  const [rows, capBp] = await Promise.all([repo.listMatchProducts(corpId), repo.allInCostCapBp(corpId)]);
  // What an admin stored went through the same schemas; a row that no longer parses reads as no rules.
  const rulesOf = (value: unknown) => productRulesSchema.safeParse(value).data ?? NO_RULES;
  const feesOf = (value: unknown) => productFeesSchema.safeParse(value).data ?? [];
  const parsed = rows.map((row) => ({ row, rules: rulesOf(row.rules), fees: feesOf(row.fees) }));
  const cityIds = new Set(parsed.flatMap(({ rules }) => rules.city_ids));
  if (profile.cityId !== null) cityIds.add(profile.cityId);
  const names = await repo.cityNames([...cityIds]);
  const cityName = (id: number) => names.get(id) ?? `城市 ${id}`;

  const items = parsed.map(({ row, rules, fees }) => {
    const admission = evaluateAdmission(
      { rules, minAmountFen: row.minAmountFen, maxAmountFen: row.maxAmountFen, termsMonths: row.termsMonths },
      profile,
      cityName,
    );
    const price = priceOf({ feeType: row.feeType, ratePpm: row.ratePpm, method: row.repaymentMethod });
    const caseFees = productFeesInFen(fees, profile.amountFen);
    const cost = price
      ? allInCost({ amountFen: profile.amountFen, termMonths: profile.termMonths, price, fees: fenFees(caseFees) })
      : null;
    const irrPpm = cost?.irrPpm ?? null;
    const item: ProductMatchItem = {
      product_id: row.id,
      product_name: row.name,
      bank_id: row.bankId,
      bank_name: row.bankName,
      verdict: admission.verdict,
      score: admission.score,
      score_note: admission.scoreNote,
      rules: admission.checks,
      price: priceText(price),
      month_payment_fen: cost ? cost.monthPaymentFen : null,
      all_in_cost: irrPpm === null ? null : ppmToPercent(irrPpm),
      fees: caseFees,
      amount_fen: profile.amountFen,
      term: profile.termMonths,
    };
    return { item, irrPpm };
  });
  items.sort((a, b) => compareMatches({ ...a.item, irrPpm: a.irrPpm }, { ...b.item, irrPpm: b.irrPpm }));
  return { all_in_cost_cap: capBp / 100, list: items.map(({ item }) => item) };
}
