import type { CalculatorInput } from './loan.ts';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from '../validation/messages.ts';
import { isCalculatorTerm, isInterestType, isRepaymentMethod, type RepaymentMethod } from './options.ts';

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

/** One failing field and the message it shows. */
export type CalculatorProblem = { field: CalculatorField; code: ValidationMessageKey; message: string };

/**
 * The first failing field (`field`, `code`, `message`) and, in `problems`, every failing field in screen
 * order, so a screen can mark them all at once rather than one per tap.
 */
export type CalculatorValidation =
  { ok: true; input: CalculatorInput } | ({ ok: false; problems: CalculatorProblem[] } & CalculatorProblem);

const isEmpty = (value: string | number | null | undefined): boolean => value == null || value === '';

/**
 * Checks the calculator form in screen order (amount, term, interest type, rate, repayment method) and
 * reports the failing fields, first one first, or the input for `calculateLoan`.
 *
 * `code` names the spec §5 message so another locale can be shown (VALIDATION_MESSAGES_EN); `message` is taken
 * from `messages`, the zh-CN texts unless told otherwise. The repayment method is asked for only with
 * an annual rate: an instalment fee is always repaid in equal principal parts.
 */
export function validateCalculatorForm(
  form: CalculatorForm,
  messages: Record<ValidationMessageKey, string> = VALIDATION_MESSAGES,
): CalculatorValidation {
  const problems: CalculatorProblem[] = [];
  const fail = (field: CalculatorField, code: ValidationMessageKey) =>
    problems.push({ field, code, message: messages[code] });

  const { amount, nper, interestType, rate, method } = form;

  if (amount === undefined || isEmpty(amount)) fail('amount', 'amountRequired');
  // An amount too large to count in whole fen cannot be computed exactly either; it is refused as
  // "not an integer" rather than with a message the spec does not have.
  else if (!CALCULATOR_AMOUNT_PATTERN.test(amount) || !Number.isSafeInteger(Number(amount) * 1_000_000)) {
    fail('amount', 'amountInteger');
  }

  // Only the terms the picker offers count as chosen, so the input is always a term the screen shows.
  if (!isCalculatorTerm(nper)) fail('nper', 'termRequired');

  if (!isInterestType(interestType)) fail('interestType', 'interestTypeRequired');

  if (rate === undefined || isEmpty(rate)) fail('rate', 'rateRequired');
  else if (!CALCULATOR_RATE_PATTERN.test(rate) || !(Number(rate) > 0)) fail('rate', 'rateInvalid');

  if (interestType !== 2 && !isRepaymentMethod(method)) fail('method', 'methodRequired');

  const [first] = problems;
  if (first) return { ok: false, ...first, problems };
  // Every check above passed, so the narrowing the early returns used to give holds.
  const input = { amount: Number(amount), nper: nper as number, rate: Number(rate) };
  return interestType === 2
    ? { ok: true, input: { ...input, interestType } }
    : { ok: true, input: { ...input, interestType: 1, method: method as RepaymentMethod } };
}
