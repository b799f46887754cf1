import type { CalculatorInput } from './loan.ts';
import { CALCULATOR_MESSAGES, type CalculatorMessageKey } from './messages.ts';
import { isCalculatorTerm, isInterestType, isRepaymentMethod } from './options.ts';

/** Whole 万, no leading zero (spec §5). */
export const CALCULATOR_AMOUNT_PATTERN = /^[1-9]\d*$/;
/** Up to 3 integer digits and 4 decimals (spec §5); must also be greater than 0. */
export const CALCULATOR_RATE_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

/** The calculator form as the screen holds it: text inputs as strings, pickers as numbers or null. */
export type CalculatorForm = {
  amount?: string;
  nper?: number | null;
  interestType?: number | null;
  rate?: string;
  method?: number | null;
};

export type CalculatorField = 'amount' | 'nper' | 'interestType' | 'rate' | 'method';

export type CalculatorValidation =
  | { ok: true; input: CalculatorInput }
  | { ok: false; field: CalculatorField; code: CalculatorMessageKey; message: string };

const isEmpty = (value: string | number | null | undefined): boolean => value == null || value === '';

/**
 * Checks the calculator form in screen order (amount, term, interest type, rate, repayment method) and
 * reports the first failing field, or the input for `calculateLoan`.
 *
 * `code` names the message so another locale can be shown (CALCULATOR_MESSAGES_EN); `message` is taken
 * from `messages`, the zh-CN texts unless told otherwise. The repayment method is asked for only with
 * an annual rate: an instalment fee is always repaid in equal principal parts.
 */
export function validateCalculatorForm(
  form: CalculatorForm,
  messages: Record<CalculatorMessageKey, string> = CALCULATOR_MESSAGES,
): CalculatorValidation {
  const fail = (field: CalculatorField, code: CalculatorMessageKey): CalculatorValidation => ({
    ok: false,
    field,
    code,
    message: messages[code],
  });

  const { amount, nper, interestType, rate, method } = form;

  if (amount === undefined || isEmpty(amount)) return fail('amount', 'amountRequired');
  // An amount too large to count in whole fen cannot be computed exactly either; it is refused as
  // "not an integer" rather than with a message the spec does not have.
  if (!CALCULATOR_AMOUNT_PATTERN.test(amount) || !Number.isSafeInteger(Number(amount) * 1_000_000)) {
    return fail('amount', 'amountInteger');
  }

  // Only the terms the picker offers count as chosen, so the input is always a term the screen shows.
  if (!isCalculatorTerm(nper)) return fail('nper', 'termRequired');

  if (!isInterestType(interestType)) return fail('interestType', 'interestTypeRequired');

  if (rate === undefined || isEmpty(rate)) return fail('rate', 'rateRequired');
  if (!CALCULATOR_RATE_PATTERN.test(rate) || !(Number(rate) > 0)) return fail('rate', 'rateInvalid');

  if (interestType === 2) {
    return { ok: true, input: { amount: Number(amount), nper, interestType, rate: Number(rate) } };
  }
  if (!isRepaymentMethod(method)) return fail('method', 'methodRequired');
  return { ok: true, input: { amount: Number(amount), nper, interestType, rate: Number(rate), method } };
}
