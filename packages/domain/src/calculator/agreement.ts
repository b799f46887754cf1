import { equalPrincipalParts, instalmentsInFen, roundDiv, type FenInstalment, type FenPart } from './fen.ts';
import { periodicIrr } from './irr.ts';
import { loanInstalmentsInFen } from './loan.ts';
import type { RepaymentMethod } from './options.ts';

/**
 * How a lender prices an instalment product (spec §9's three fee types): 1 a monthly fee rate charged on
 * the original loan every month, 2 a total fee rate charged on the loan once and spread over the term,
 * 3 an annual interest rate on the remaining balance (with a repayment method).
 */
export const FEE_TYPES = [
  { value: 1, label: '月费率' },
  { value: 2, label: '总费率' },
  { value: 3, label: '年利率' },
] as const;
export type FeeType = (typeof FEE_TYPES)[number]['value'];

/** Narrows an unknown number to a fee type. */
export const isFeeType = (value: unknown): value is FeeType => FEE_TYPES.some((option) => option.value === value);

/** The label of a fee type (月费率 …). */
export const feeTypeLabel = (value: FeeType): string => FEE_TYPES.find((option) => option.value === value)?.label ?? '';

/**
 * One part per million of the principal: 0.0001 %, the calculator form's finest step (4 decimals of a
 * percent), so every rate the business quotes is a whole number of them and is stored as an integer.
 */
export const PPM_PER_PERCENT = 10_000;

/** The frozen terms of a financing agreement. Money in integer fen, the rate in ppm (0.35 % = 3500). */
export interface AgreementTerms {
  amountFen: number;
  termMonths: number;
  feeType: FeeType;
  ratePpm: number;
  /** Only for an annual interest rate (fee type 3); fee rates repay equal principal. */
  method: RepaymentMethod | null;
}

/** One instalment of an agreement, in fen: the calculator's own instalment row. */
export type AgreementRow = FenInstalment;

export interface AgreementSchedule {
  rows: AgreementRow[];
  totalInterestFen: number;
  totalFen: number;
  /** The rate as quoted, per year, in ppm: monthly fee × 12, total fee × 12 / term, or the annual rate. */
  nominalAnnualPpm: number;
  /** The true annual rate: the schedule's monthly internal rate of return × 12, in ppm. */
  irrPpm: number;
}

/**
 * A total fee: the fee is `rate` of the loan once, in fen, spread evenly over the term (the last month takes
 * what rounding leaves); the principal is repaid in equal parts, as the calculator's flat fee does.
 */
function totalFeeParts(loanFen: bigint, nper: number, ratePpm: bigint): FenPart[] {
  const months = BigInt(nper);
  const totalFee = roundDiv(loanFen * ratePpm, 1_000_000n);
  const fee = totalFee / months;
  return equalPrincipalParts(loanFen, nper).map((corpus, key) => ({
    interest: key === nper - 1 ? totalFee - fee * (months - 1n) : fee,
    corpus,
  }));
}

/**
 * The repayment schedule of a financing agreement, from the calculator engine, with its true annual rate.
 * A monthly fee and an annual rate take the calculator engine's own schedule in fen, exactly as the
 * calculator screen computes them; a total fee is spread in fen here. The IRR is computed from the
 * schedule's own cash flows for every fee type, so an agreement never shows a flat fee's nominal rate as
 * its cost.
 *
 * @throws RangeError for a non-positive amount or term, a negative rate, or an annual rate without a method.
 */
export function agreementSchedule(terms: AgreementTerms): AgreementSchedule {
  const { amountFen, termMonths, feeType, ratePpm, method } = terms;
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new RangeError('agreement: amount must be fen > 0');
  if (!Number.isSafeInteger(termMonths) || termMonths < 1) throw new RangeError('agreement: term must be months > 0');
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0) throw new RangeError('agreement: rate must be ppm >= 0');
  const amount = amountFen / 1_000_000;
  const rate = ratePpm / PPM_PER_PERCENT;
  let rows: AgreementRow[];
  let nominalAnnualPpm: number;
  if (feeType === 1) {
    rows = loanInstalmentsInFen({ amount, nper: termMonths, interestType: 2, rate });
    nominalAnnualPpm = ratePpm * 12;
  } else if (feeType === 2) {
    const loanFen = BigInt(amountFen);
    rows = instalmentsInFen(loanFen, totalFeeParts(loanFen, termMonths, BigInt(ratePpm)));
    nominalAnnualPpm = Math.round((ratePpm * 12) / termMonths);
  } else {
    if (method !== 1 && method !== 2) throw new RangeError('agreement: an annual rate needs a repayment method');
    rows = loanInstalmentsInFen({ amount, nper: termMonths, interestType: 1, rate, method });
    nominalAnnualPpm = ratePpm;
  }
  const totalInterestFen = rows.reduce((sum, row) => sum + row.interestFen, 0);
  const irr =
    totalInterestFen === 0
      ? 0
      : periodicIrr(
          amountFen,
          rows.map((row) => row.paymentFen),
        ) * 12;
  return {
    rows,
    totalInterestFen,
    totalFen: amountFen + totalInterestFen,
    nominalAnnualPpm,
    irrPpm: Math.round(irr * 1_000_000),
  };
}

/** A rate in ppm as a percent with the decimals it needs, at least two: 3500 → "0.35", 49000 → "4.90". */
export function formatPpmPercent(ppm: number): string {
  const text = (ppm / PPM_PER_PERCENT).toFixed(4).replace(/0{1,2}$/, '');
  return `${text}%`;
}
