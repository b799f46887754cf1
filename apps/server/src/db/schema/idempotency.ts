import { index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { companyRef } from './staff.ts';
import { timestamptz } from './columns.ts';

/*
 * Idempotency keys of the create calls (modules/idempotency, decision 046). Only that module imports this file.
 */

/**
 * One submit of a create form, named by the key the browser made for that fill of the form. The row is
 * reserved (no status yet) before the handler runs, so a second request with the key finds it and waits
 * its turn instead of making a second record; the answer is stored once the handler succeeded, and replayed
 * to every retry. The key is the caller's own: unique per principal and route, within the company.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    corpId: companyRef(),
    /** `<kind>:<subject id>`, e.g. `staff:12`: whoever holds the session, of any principal kind. */
    principal: text().notNull(),
    route: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the validated body: the same key with other content is refused, not replayed. */
    bodyHash: text().notNull(),
    /** The stored answer; null while the first request is still running. */
    responseStatus: smallint(),
    responseBody: text(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.corpId, t.principal, t.route, t.key] }), index().on(t.createdAt)],
);
