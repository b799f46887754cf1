/**
 * Brokerage (commission) money: the one place that turns a loan amount and a rate into fen, and splits a
 * sum between several receivers. Integer arithmetic only (BigInt inside), so no float ever reaches a
 * stored amount.
 */

/** Rates are integer basis points: 1 bp = 0.01 %, so 150 bp = 1.5 % of the loan. */
export const MAX_RATE_BP = 1000;

/**
 * Over-limit rule (decision 030): a brokerage above 1.5 % of the loan, or above ¥50,000 in total, waits
 * for home-loan finance (job 4) to approve it. Kept here, in one place, for the server and the form.
 */
export const OVER_LIMIT_RATE_BP = 150;
export const OVER_LIMIT_AMOUNT_FEN = 5_000_000;

/** Up to this many receivers may share one client's brokerage. */
export const MAX_SPLIT_PARTS = 5;

/**
 * The brokerage in fen of a loan of `loanAmountFen` at `rateBp` basis points, rounded half up to the fen.
 * Both inputs must be non-negative safe integers.
 */
export function computeBrokerageFen(loanAmountFen: number, rateBp: number): number {
  if (!Number.isSafeInteger(loanAmountFen) || loanAmountFen < 0)
    throw new RangeError('loanAmountFen must be a non-negative integer');
  if (!Number.isSafeInteger(rateBp) || rateBp < 0) throw new RangeError('rateBp must be a non-negative integer');
  const product = BigInt(loanAmountFen) * BigInt(rateBp);
  // Half up: add half the divisor before the integer division.
  const fen = (product + 5_000n) / 10_000n;
  return Number(fen);
}

/** Reads a percent written as an exact decimal string ("1.25") into basis points; null when not exact. */
export function percentToBp(percent: string): number | null {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(percent.trim());
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Basis points as the percent string people read: 150 → "1.50". */
export function bpToPercent(rateBp: number): string {
  return `${Math.floor(rateBp / 100)}.${String(rateBp % 100).padStart(2, '0')}`;
}

/**
 * Splits `totalFen` by integer `weights` with the largest-remainder method: every part is the floor of its
 * exact share, and the fen left over go one each to the largest remainders (earlier parts win ties).
 * The parts always sum exactly to the total.
 */
export function splitFen(totalFen: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalFen) || totalFen < 0) throw new RangeError('totalFen must be a non-negative integer');
  if (weights.length === 0) throw new RangeError('at least one weight');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0))
    throw new RangeError('weights must be non-negative integers');
  const weightSum = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  if (weightSum === 0n) throw new RangeError('weights must not all be zero');
  const total = BigInt(totalFen);
  const parts = weights.map((w) => (total * BigInt(w)) / weightSum);
  const remainders = weights.map((w, index) => ({ index, rest: (total * BigInt(w)) % weightSum }));
  let left = total - parts.reduce((sum, p) => sum + p, 0n);
  remainders.sort((a, b) => (a.rest === b.rest ? a.index - b.index : a.rest > b.rest ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0n) break;
    parts[index] = (parts[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** Whether a brokerage needs finance's approval before its orders exist (see OVER_LIMIT_RATE_BP). */
export function isOverLimit(
  rateBp: number,
  amountFen: number,
  rule: { rateBp: number; amountFen: number } = { rateBp: OVER_LIMIT_RATE_BP, amountFen: OVER_LIMIT_AMOUNT_FEN },
): boolean {
  return rateBp > rule.rateBp || amountFen > rule.amountFen;
}
