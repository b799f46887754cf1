import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';

/*
 * The one paging contract of every list endpoint (cases, money, proofs, home-loan lists, the signing
 * pool): the client sends the `next_cursor` it was given (nothing for the first page) and a page size;
 * the server answers the list and the next cursor, null on the last page. The cursor is the keyset of
 * the last row shown (its id), so rows inserted, taken or removed meanwhile never shift a page: nothing
 * is skipped and nothing repeated, which page numbers (offsets) cannot promise.
 */

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/** A cursor as it arrives in a form: absent, '' or 'null' for the first page, else a positive integer. */
export const cursorSchema = z
  .union([z.literal(''), z.literal('null'), rowIdSchema()])
  .optional()
  .transform((value) => (typeof value === 'number' ? value : null));

/** Page size, 1 to MAX_PAGE_SIZE; anything else falls back to the default rather than failing the list. */
export const pageSizeSchema = z.coerce
  .number()
  .int()
  .min(1)
  .max(MAX_PAGE_SIZE)
  .catch(DEFAULT_PAGE_SIZE)
  .default(DEFAULT_PAGE_SIZE);

/** The request fields of every list: extend it with the list's own filters. */
export const pageRequestSchema = z.object({ cursor: cursorSchema, limit: pageSizeSchema });
export type PageRequest = z.output<typeof pageRequestSchema>;

/** A list's optional filter: a form sends '' or 'null' for "any", read as absent. */
export const optionalFilter = <T extends z.ZodType>(filter: T) =>
  z.preprocess((v) => (v === '' || v === 'null' ? undefined : v), filter.optional());

/** A keyset page: `next_cursor` is the last row's key, null when there is nothing more. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), next_cursor: z.number().int().nullable() });
export interface Page<T> {
  list: T[];
  next_cursor: number | null;
}

/**
 * Builds a page from rows fetched with `limit + 1` (the extra row only says that more exist, without
 * counting the table): the first `limit` rows, mapped, and the cursor of the last one shown.
 */
export function toPage<R extends { id: number }, T>(rows: readonly R[], limit: number, map: (row: R) => T): Page<T> {
  const shown = rows.slice(0, limit);
  return { list: shown.map(map), next_cursor: rows.length > limit ? (shown.at(-1)?.id ?? null) : null };
}
