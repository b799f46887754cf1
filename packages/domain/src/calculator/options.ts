/**
 * Option lists of the loan calculator screen. `key` is a stable identifier the web maps to a label.
 */

/**
 * Loan terms in months. The spec does not list the calculator's terms, so this is our decision: the
 * short instalment terms the business sells (3–36 months) plus the usual mortgage terms up to 30 years.
 */
export const CALCULATOR_TERMS = [3, 6, 9, 12, 18, 24, 36, 48, 60, 72, 84, 96, 120, 180, 240, 300, 360] as const;

export const INTEREST_TYPES = [
  { value: 1, key: 'annual' },
  { value: 2, key: 'instalment' },
] as const;

export const REPAYMENT_METHODS = [
  { value: 1, key: 'equalInstalment' },
  { value: 2, key: 'equalPrincipal' },
] as const;

/** 1 = annual interest rate, 2 = monthly instalment fee rate (flat). */
export type InterestType = (typeof INTEREST_TYPES)[number]['value'];
/** 1 = equal principal and interest (annuity), 2 = equal principal. */
export type RepaymentMethod = (typeof REPAYMENT_METHODS)[number]['value'];
export type CalculatorTerm = (typeof CALCULATOR_TERMS)[number];

/** Narrows an unknown number to an interest type. */
export function isInterestType(value: unknown): value is InterestType {
  return INTEREST_TYPES.some((option) => option.value === value);
}

/** Narrows an unknown number to a repayment method. */
export function isRepaymentMethod(value: unknown): value is RepaymentMethod {
  return REPAYMENT_METHODS.some((option) => option.value === value);
}

/** Narrows an unknown number to one of the terms the screen offers. */
export function isCalculatorTerm(value: unknown): value is CalculatorTerm {
  return CALCULATOR_TERMS.some((term) => term === value);
}
