import { z } from 'zod';
import { isOption, type Option } from '../options/index.ts';

/**
 * The largest id a row can have: every id is a PostgreSQL `integer` (serial) column. A larger number names
 * no record, and sent to the database it fails the query (22003) instead of finding nothing, so each
 * schema refuses it first. 1e308 and 2⁵³ + 2 are integers to JavaScript too; this bound refuses them all.
 */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether a number can be a row's id. */
export const isRowId = (value: number) => Number.isInteger(value) && value > 0 && value <= MAX_ROW_ID;

/** A row's id as a form or query string sends it, with the refusal the field shows. */
export const rowIdSchema = (message?: string) =>
  z.coerce
    .number(message ? { error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_ROW_ID, message ?? '编号超出范围');

/** A whole number from `min` to `max` as a form sends it; anything else is refused with the one message. */
export const wholeNumberSchema = (min: number, max: number, message: string) =>
  z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);

/** The code of one of a fixed list of options as a form sends it; anything else is refused with the message. */
export const optionValueSchema = (options: readonly Option[], message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .refine((value) => isOption(options, value), message);

/**
 * The years a date or time of this business can fall in. JavaScript parses "10000-01-01" and "0000-01-01",
 * PostgreSQL refuses both (22008), and no repayment, appointment or follow-up is that far away.
 */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2200;

/** Whether a date or time as typed parses, and falls within the years above. */
export function isPlausibleTime(value: string): boolean {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= EARLIEST_YEAR && year <= LATEST_YEAR;
}

/** An id a form may leave blank (adding a record rather than editing one): absent, '' or '0' reads as null. */
export const blankableIdSchema = (id: ReturnType<typeof rowIdSchema>) =>
  z
    .union([z.literal(''), z.literal('0'), id])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null));
