import { z } from 'zod';
import { isAmountTooLarge, loanAmountToFen } from '../money/amount.ts';
import {
  EDUCATIONS,
  EMPLOYER_TYPES,
  isOption,
  LOAN_PURPOSES,
  LOAN_TERMS,
  MARITAL_STATUSES,
  OCCUPATIONS,
  REGIONS,
  type Option,
} from '../options/index.ts';
import { phoneSchema } from '../validation/fields.ts';
import { BANK_CARD_PATTERN, cleanCardNumber, ID_NUMBER_PATTERN } from '../validation/formats.ts';
import { parseIdNumber } from '../idcard/id-number.ts';
import { caseFeesFieldSchema } from '../matching/fees.ts';
import { CASE_MESSAGES as M } from './messages.ts';

/*
 * The case form as it travels: every value a string (multipart, spec §7), empty for "not given". The
 * schema turns it into typed fields; the web form runs the same schema before it sends (STYLE.md).
 */

const text = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value === 'null' ? '' : (value ?? '').trim()));

const amountFen = (requiredMessage: string | null) =>
  text.transform((value, ctx) => {
    if (value === '') {
      if (requiredMessage) ctx.addIssue({ code: 'custom', message: requiredMessage });
      return null;
    }
    const fen = loanAmountToFen(value);
    if (fen === null)
      ctx.addIssue({ code: 'custom', message: isAmountTooLarge(value) ? M.amountTooLarge : M.amountFormat });
    return fen;
  });

/** An optional id of a reference record (bank, product …): empty or a positive integer. */
const optionalId = text.transform((value, ctx) => {
  if (value === '' || value === '0') return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    ctx.addIssue({ code: 'custom', message: M.optionInvalid });
    return null;
  }
  return n;
});

const optionalOption = (options: readonly Option[]) =>
  text.transform((value, ctx) => {
    if (value === '' || value === '0') return null;
    const n = Number(value);
    if (!isOption(options, n)) {
      ctx.addIssue({ code: 'custom', message: M.optionInvalid });
      return null;
    }
    return n;
  });

export const caseFormSchema = z.object({
  name: text.pipe(z.string().min(1, M.nameRequired).max(20, M.nameTooLong)),
  phone: phoneSchema,
  id_number: text.transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: M.idNumberRequired });
      return { idNumber: '', birthDate: null, sex: null };
    }
    if (!ID_NUMBER_PATTERN.test(value)) {
      ctx.addIssue({ code: 'custom', message: M.idNumberFormat });
      return { idNumber: value, birthDate: null, sex: null };
    }
    const facts = parseIdNumber(value);
    if (!facts) ctx.addIssue({ code: 'custom', message: M.idNumberCheck });
    return { idNumber: value.toUpperCase(), birthDate: facts?.birthDate ?? null, sex: facts?.sex ?? null };
  }),
  bank_card: text
    .transform(cleanCardNumber)
    .refine((value) => value === '' || BANK_CARD_PATTERN.test(value), M.bankCardFormat),
  amount: amountFen(M.amountRequired),
  term: text.transform((value, ctx) => {
    if (value === '') {
      ctx.addIssue({ code: 'custom', message: M.termRequired });
      return 0;
    }
    const n = Number(value);
    if (!LOAN_TERMS.includes(n)) ctx.addIssue({ code: 'custom', message: M.termInvalid });
    return n;
  }),
  purpose: optionalOption(LOAN_PURPOSES),
  product_id: optionalId,
  bank_id: optionalId,
  channel_id: optionalId,
  source_id: optionalId,
  city_id: optionalId,
  sign_user_id: optionalId,
  region: optionalOption(REGIONS),
  marital: optionalOption(MARITAL_STATUSES),
  education: optionalOption(EDUCATIONS),
  occupation: optionalOption(OCCUPATIONS),
  employer_type: optionalOption(EMPLOYER_TYPES),
  income: amountFen(null),
  remarks: text.pipe(z.string().max(500, M.remarksTooLong)),
  /** '1' asks customer service (job 3) to help with the case. */
  need_service: text.transform((value) => value === '1'),
  /** The fees agreed with the client (decision 068): a JSON array of {kind, mode, amount_fen, payee}. */
  fees: caseFeesFieldSchema,
});

/** What a person types: every field a string. */
export type CaseFormInput = z.input<typeof caseFormSchema>;
export type CaseForm = z.output<typeof caseFormSchema>;

/** The fields of the form, in the order the page shows them; an empty form starts from here. */
export const CASE_FORM_FIELDS = Object.keys(caseFormSchema.shape) as Array<keyof typeof caseFormSchema.shape>;

/** First message per field, for a form to show beside each input. */
export function caseFormErrors(input: Record<string, string>): Partial<Record<string, string>> {
  const result = caseFormSchema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    errors[key] ??= issue.message;
  }
  return errors;
}
