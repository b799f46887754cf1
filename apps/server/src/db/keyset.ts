import { lt, type SQL, type SQLWrapper } from 'drizzle-orm';

/** What a keyset page asks for: the id of the last row shown (null for the first page) and the page size. */
export type KeysetPage = { cursor: number | null; limit: number };

/**
 * One keyset page, newest first: `run` adds `before` (rows with an id below the cursor) to its where, orders
 * by id descending and takes `limit` rows, one past the page, which toPage reads as "more exist" without
 * counting the table.
 */
export function keyset<T>(
  page: KeysetPage,
  id: SQLWrapper,
  run: (limit: number, before: SQL | undefined) => PromiseLike<T[]>,
) {
  return run(page.limit + 1, page.cursor === null ? undefined : lt(id, page.cursor));
}
