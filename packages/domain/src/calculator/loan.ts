import { equalPrincipalParts, instalmentsInFen, roundDiv, type FenInstalment, type FenPart } from './fen.ts';
import { periodicIrr } from './irr.ts';
import type { RepaymentMethod } from './options.ts';

/**
 * What the calculator computes from. `amount` is in 万 (ten thousand yuan), `nper` in months, `rate` in
 * percent: the annual rate for interestType 1, the monthly fee rate for interestType 2 (where the
 * repayment method does not apply).
 */
export type CalculatorInput =
  | { amount: number; nper: number; interestType: 1; rate: number; method: RepaymentMethod }
  | { amount: number; nper: number; interestType: 2; rate: number; method?: RepaymentMethod | null };

/** One instalment; money in yuan rounded to the fen. `key` is the zero-based instalment index. */
export type LoanScheduleRow = {
  key: number;
  month_payment: number;
  month_interest: number;
  month_corpus: number;
  residue_money: number;
};

/**
 * The calculator's answer, field names as the screen expects them. Money in yuan rounded to the fen;
 * `rant` and `irr` are annual rates in percent; `month_payment` is the first instalment's payment.
 * `total_interest` and `money_interest` are the banks' totals from the unrounded instalments, so they can
 * differ by some fen from the sum of `list`, whose every month is rounded to the fen.
 */
export type LoanResult = {
  loan_amount: number;
  nper: number;
  rant: number;
  irr: number;
  total_interest: number;
  money_interest: number;
  month_payment: number;
  list: LoanScheduleRow[];
};

const FEN_PER_WAN = 1_000_000;
/**
 * Rates are held as integers in units of 1e-8 percent so that interest on a fen balance can be rounded
 * exactly (BigInt) instead of at the mercy of binary fractions: 4.9 × 0.01 is not 0.049 in a double and
 * would tip half-fen cases the wrong way. The form allows 4 decimals, so nothing it accepts is lost.
 */
const RATE_UNITS_PER_PERCENT = 100_000_000;
const RATE_UNITS_PER_FRACTION = 100n * BigInt(RATE_UNITS_PER_PERCENT);
const MONTHS_PER_YEAR = 12;

/**
 * The annuity in exact rationals. With r = rateUnits / D (D the monthly denominator) and q = 1 + r, the payment is
 * P·r·qⁿ / (qⁿ − 1) = P·u·A / (D·(A − B)) with A = (D + u)ⁿ and B = Dⁿ; the bank's total interest is n times
 * that unrounded payment less the loan. Both are rounded half up to the fen once, at the end.
 */
function exactAnnuity(
  loanFen: bigint,
  nper: number,
  rateUnits: bigint,
): { paymentFen: bigint; totalInterestFen: bigint } {
  const months = BigInt(nper);
  if (rateUnits === 0n) return { paymentFen: roundDiv(loanFen, months), totalInterestFen: 0n };
  const denominator = RATE_UNITS_PER_FRACTION * BigInt(MONTHS_PER_YEAR);
  const grown = (denominator + rateUnits) ** months;
  const base = denominator ** months;
  const paymentNumerator = loanFen * rateUnits * grown;
  const paymentDenominator = denominator * (grown - base);
  return {
    paymentFen: roundDiv(paymentNumerator, paymentDenominator),
    totalInterestFen: roundDiv(months * paymentNumerator - loanFen * paymentDenominator, paymentDenominator),
  };
}

/**
 * Total interest as banks show it, from the unrounded instalments (each month's figure in the schedule is
 * rounded to the fen, so the schedule's own sum can differ by some fen): for equal instalments n × payment − P,
 * for equal principal P·r·(n + 1) / 2, for a flat fee P·fee·n. Exact, rounded half up to the fen once.
 */
function bankTotalInterestFen(input: CalculatorInput, loanFen: bigint, rateUnits: bigint): bigint {
  const months = BigInt(input.nper);
  if (input.interestType === 2) return roundDiv(loanFen * rateUnits * months, RATE_UNITS_PER_FRACTION);
  if (input.method === 1) return exactAnnuity(loanFen, input.nper, rateUnits).totalInterestFen;
  const denominator = RATE_UNITS_PER_FRACTION * BigInt(MONTHS_PER_YEAR);
  return roundDiv(loanFen * rateUnits * (months + 1n), denominator * 2n);
}

/**
 * Equal principal and interest, the way banks do it: a constant payment rounded to the fen, interest
 * rounded to the fen on the remaining balance, and the last instalment clears the balance.
 */
function annuityRows(loanFen: bigint, nper: number, rateUnits: bigint): FenPart[] {
  const monthlyDenominator = RATE_UNITS_PER_FRACTION * BigInt(MONTHS_PER_YEAR);
  const interestOn = (balance: bigint): bigint => roundDiv(balance * rateUnits, monthlyDenominator);
  /** Balance left before the last instalment when every earlier month pays `payment`. */
  const balanceBeforeLast = (payment: bigint): bigint => {
    let balance = loanFen;
    for (let month = 0; month < nper - 1 && balance >= 0n; month++) balance -= payment - interestOn(balance);
    return balance;
  };

  // The payment rounded half up to the fen from the exact rational principal × r / (1 − (1 + r)^−n), so no
  // binary fraction decides a fen.
  let payment = exactAnnuity(loanFen, nper, rateUnits).paymentFen;

  // A payment of at least the first month's interest never lets the balance grow (later balances are
  // smaller, so is their interest); below it the loan would never be repaid.
  const floorPayment = interestOn(loanFen);
  if (payment < floorPayment) payment = floorPayment;
  // Every fen of rounding in the payment compounds at the loan's rate. Over long terms at high rates
  // (1万 at 27 % over 29 years) the rounded-up payment would overpay the loan before the end; then take
  // the largest payment that does not. The balance left is monotone in the payment, so bisect.
  if (balanceBeforeLast(payment) < 0n) {
    let low = floorPayment; // balance stays at the loan: never negative
    let high = payment;
    while (high - low > 1n) {
      const middle = (low + high) / 2n;
      if (balanceBeforeLast(middle) < 0n) high = middle;
      else low = middle;
    }
    payment = low;
  }

  const rows: FenPart[] = [];
  let balance = loanFen;
  for (let month = 0; month < nper; month++) {
    const interest = interestOn(balance);
    const corpus = month === nper - 1 ? balance : payment - interest;
    rows.push({ interest, corpus });
    balance -= corpus;
  }
  return rows;
}

/** Equal principal: the same principal part each month, interest on the remaining balance. */
function equalPrincipalRows(loanFen: bigint, nper: number, rateUnits: bigint): FenPart[] {
  const monthlyDenominator = RATE_UNITS_PER_FRACTION * BigInt(MONTHS_PER_YEAR);
  let balance = loanFen;
  return equalPrincipalParts(loanFen, nper).map((corpus) => {
    const interest = roundDiv(balance * rateUnits, monthlyDenominator);
    balance -= corpus;
    return { interest, corpus };
  });
}

/** Instalment (flat) fee: the fee is charged on the original loan every month, whatever is left. */
function flatFeeRows(loanFen: bigint, nper: number, rateUnits: bigint): FenPart[] {
  const fee = roundDiv(loanFen * rateUnits, RATE_UNITS_PER_FRACTION);
  return equalPrincipalParts(loanFen, nper).map((corpus) => ({ interest: fee, corpus }));
}

const toYuan = (fen: bigint): number => Number(fen) / 100;
const roundTo2 = (value: number): number => Math.round(value * 100) / 100;

function assertInput(input: CalculatorInput): void {
  const { amount, nper, interestType, rate } = input;
  if (!(Number.isFinite(amount) && amount > 0) || !Number.isSafeInteger(Math.round(amount * FEN_PER_WAN))) {
    throw new RangeError(`calculateLoan: amount must be a positive number of 万, got ${amount}`);
  }
  if (!Number.isSafeInteger(nper) || nper < 1) {
    throw new RangeError(`calculateLoan: nper must be a positive whole number of months, got ${nper}`);
  }
  if (!(Number.isFinite(rate) && rate >= 0) || !Number.isSafeInteger(Math.round(rate * RATE_UNITS_PER_PERCENT))) {
    throw new RangeError(`calculateLoan: rate must be a non-negative percentage, got ${rate}`);
  }
  if (interestType !== 1 && interestType !== 2) {
    throw new RangeError(`calculateLoan: unknown interestType ${String(interestType)}`);
  }
  if (interestType === 1 && input.method !== 1 && input.method !== 2) {
    throw new RangeError(`calculateLoan: unknown repayment method ${String(input.method)}`);
  }
}

/** The loan and rate as exact integers, and the instalments' parts by interest type and method. */
function scheduleParts(input: CalculatorInput): { loanFen: bigint; rateUnits: bigint; parts: FenPart[] } {
  assertInput(input);
  const { amount, nper, interestType, rate } = input;
  const loanFen = BigInt(Math.round(amount * FEN_PER_WAN));
  const rateUnits = BigInt(Math.round(rate * RATE_UNITS_PER_PERCENT));
  const parts =
    interestType === 2
      ? flatFeeRows(loanFen, nper, rateUnits)
      : input.method === 1
        ? annuityRows(loanFen, nper, rateUnits)
        : equalPrincipalRows(loanFen, nper, rateUnits);
  return { loanFen, rateUnits, parts };
}

/**
 * The schedule `calculateLoan` lists, in integer fen, for callers that keep money in fen (financing
 * agreements) rather than the screen's yuan.
 *
 * @throws RangeError as calculateLoan does.
 */
export function loanInstalmentsInFen(input: CalculatorInput): FenInstalment[] {
  const { loanFen, parts } = scheduleParts(input);
  return instalmentsInFen(loanFen, parts);
}

/**
 * Repayment schedule of a loan.
 *
 * Money is computed in integer fen, so the principal parts add up exactly to the loan, the balance ends
 * at 0 and every row's payment is exactly its interest plus its principal; what rounding leaves over is
 * settled in the last instalment. The rate is honoured to 8 decimals of a percent. The totals are the
 * banks' (see `LoanResult`), computed exactly and rounded once.
 *
 * - interestType 1, method 1: equal payments (monthly rate = annual / 12);
 * - interestType 1, method 2: equal principal, interest on the remaining balance;
 * - interestType 2: equal principal plus a flat fee of `rate` % of the loan each month. `rant` is the
 *   nominal annual fee rate (monthly × 12) and `irr` the effective annual cost (monthly IRR × 12),
 *   which is what a flat fee really costs, roughly twice the nominal rate.
 *
 * @throws RangeError for a non-positive amount, a term that is not a positive whole number of months,
 * a negative rate or an unknown interest type / repayment method.
 */
export function calculateLoan(input: CalculatorInput): LoanResult {
  const { loanFen, rateUnits, parts } = scheduleParts(input);
  const { nper, interestType, rate } = input;
  const instalments = instalmentsInFen(loanFen, parts);
  const totalInterest = bankTotalInterestFen(input, loanFen, rateUnits);
  const list = instalments.map((row): LoanScheduleRow => ({
    key: row.key,
    month_payment: row.paymentFen / 100,
    month_interest: row.interestFen / 100,
    month_corpus: row.principalFen / 100,
    residue_money: row.balanceFen / 100,
  }));

  const rant = interestType === 1 ? rate : (Number(rateUnits) * MONTHS_PER_YEAR) / RATE_UNITS_PER_PERCENT;
  const irr =
    interestType === 1
      ? rant
      : roundTo2(
          periodicIrr(
            Number(loanFen),
            instalments.map((row) => row.paymentFen),
          ) *
            MONTHS_PER_YEAR *
            100,
        );

  return {
    loan_amount: toYuan(loanFen),
    nper,
    rant,
    irr,
    total_interest: toYuan(totalInterest),
    money_interest: toYuan(loanFen + totalInterest),
    month_payment: list[0]?.month_payment ?? 0,
    list,
  };
}
