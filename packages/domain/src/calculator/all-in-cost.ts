import { agreementSchedule, PPM_PER_PERCENT, type FeeType } from './agreement.ts';
import { equalPrincipalParts, roundDiv } from './fen.ts';
import { periodicIrr } from './irr.ts';
import { loanInstalmentsInFen, type CalculatorInput } from './loan.ts';
import type { RepaymentMethod } from './options.ts';

/*
 * The all-in financing cost (综合融资成本, decision 068): the annualised internal rate of return of what the
 * client really receives and really pays. Everything is integer fen on the calculator's own schedule.
 */

/** What a fee pays for. Interest here is interest on top of the product's price (a private lender's, say). */
export const FEE_KINDS = [
  { value: 'interest', label: '利息' },
  { value: 'guarantee', label: '担保费' },
  { value: 'service', label: '服务费' },
  { value: 'other', label: '其他费用' },
] as const;
export type FeeKind = (typeof FEE_KINDS)[number]['value'];

/** once: taken out of the loan when it is paid out; monthly: paid with every instalment. */
export const FEE_MODES = [
  { value: 'once', label: '一次性' },
  { value: 'monthly', label: '按月' },
] as const;
export type FeeMode = (typeof FEE_MODES)[number]['value'];

/** The label of a fee kind (担保费 …). */
export const feeKindLabel = (kind: FeeKind): string => FEE_KINDS.find((option) => option.value === kind)?.label ?? '';
/** The label of a fee mode (一次性 …). */
export const feeModeLabel = (mode: FeeMode): string => FEE_MODES.find((option) => option.value === mode)?.label ?? '';

/** One fee a client pays, in fen: once up front or every month. */
export interface FenFee {
  mode: FeeMode;
  amountFen: number;
}

/** The lender's price of the loan itself (a product's fee type, rate and method), or none. */
export interface LoanPrice {
  feeType: FeeType;
  ratePpm: number;
  method: RepaymentMethod | null;
}

/**
 * The hard ceiling of the all-in cost: 36 % a year. Above it a case cannot be submitted (the courts refuse
 * interest above four times the LPR, and lenders' own compliance rules stop at 36 %).
 */
export const ALL_IN_COST_LIMIT_PPM = 36 * PPM_PER_PERCENT;
/** The company's warning line when it set none: 24 % a year (the cap is a company setting, in basis points). */
export const DEFAULT_ALL_IN_COST_CAP_BP = 2400;

export interface AllInCost {
  /** What the client receives: the loan less every one-off fee. */
  netFen: number;
  /** What the client pays each month: the instalment and every monthly fee. */
  paymentsFen: number[];
  /** Everything paid beyond the money received: interest and all fees. */
  costFen: number;
  /** The first month's payment, monthly fees included. */
  monthPaymentFen: number;
  /** Monthly IRR × 12 in ppm (the calculator's and the agreement's convention); null when nothing is received. */
  irrPpm: number | null;
}

/**
 * The all-in cost of a loan of `amountFen` over `termMonths`: the product's schedule when it is priced
 * (`agreementSchedule`, the calculator's own fen schedule), else the principal back in equal parts with no
 * interest; every monthly fee added to every instalment and every one-off fee taken from the money received.
 * The IRR is of those cash flows, so a fee paid up front costs more than the same sum spread over the term.
 *
 * @throws RangeError for a non-positive amount or term or a negative fee.
 */
export function allInCost(input: {
  amountFen: number;
  termMonths: number;
  price: LoanPrice | null;
  fees: readonly FenFee[];
}): AllInCost {
  const { amountFen, termMonths, price, fees } = input;
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new RangeError('allInCost: amount must be fen > 0');
  if (!Number.isSafeInteger(termMonths) || termMonths < 1) throw new RangeError('allInCost: term must be months > 0');
  const base = price
    ? agreementSchedule({ amountFen, termMonths, ...price }).rows.map((row) => row.paymentFen)
    : equalPrincipalParts(BigInt(amountFen), termMonths).map(Number);
  return costOfSchedule(amountFen, base, fees);
}

/**
 * The all-in cost of the calculator screen's loan with fees on top: the screen's own schedule in fen
 * (`loanInstalmentsInFen`), so the share image and the screen agree to the fen.
 *
 * @throws RangeError as calculateLoan does, or for a negative fee.
 */
export function calculatorAllInCost(input: CalculatorInput, fees: readonly FenFee[]): AllInCost {
  const rows = loanInstalmentsInFen(input);
  const amountFen = rows.reduce((total, row) => total + row.principalFen, 0);
  return costOfSchedule(
    amountFen,
    rows.map((row) => row.paymentFen),
    fees,
  );
}

function costOfSchedule(amountFen: number, base: readonly number[], fees: readonly FenFee[]): AllInCost {
  if (fees.some((fee) => !Number.isSafeInteger(fee.amountFen) || fee.amountFen < 0))
    throw new RangeError('allInCost: a fee must be fen >= 0');
  const sum = (mode: FeeMode) =>
    fees.filter((fee) => fee.mode === mode).reduce((total, fee) => total + fee.amountFen, 0);
  const upfront = sum('once');
  const monthly = sum('monthly');
  const paymentsFen = base.map((payment) => payment + monthly);
  const netFen = amountFen - upfront;
  const paid = paymentsFen.reduce((total, payment) => total + payment, 0);
  const irrPpm = netFen <= 0 ? null : Math.round(periodicIrr(netFen, paymentsFen) * 12 * 1_000_000);
  return { netFen, paymentsFen, costFen: paid - netFen, monthPaymentFen: paymentsFen[0] ?? 0, irrPpm };
}

/** A fee a product charges as a share of the loan (ppm), once or monthly, in fen for one loan amount. */
export const feeOfLoan = (amountFen: number, ratePpm: number): number =>
  Number(roundDiv(BigInt(amountFen) * BigInt(ratePpm), 1_000_000n));

/** An annual cost in ppm as the percent the API answers, two decimals: 185_312 → 18.53. */
export const ppmToPercent = (ppm: number): number => Math.round(ppm / 100) / 100;

/** Whether a cost goes beyond the hard ceiling (unknowable costs, where fees eat the loan, do too). */
export const isAboveLimit = (irrPpm: number | null): boolean => irrPpm === null || irrPpm > ALL_IN_COST_LIMIT_PPM;

/** Whether a cost goes beyond the company's warning line, given in basis points. */
export const isAboveCap = (irrPpm: number | null, capBp: number): boolean => irrPpm === null || irrPpm > capBp * 100;
