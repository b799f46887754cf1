import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { timestamptzNow } from './columns.ts';
import { companies } from './staff.ts';

/**
 * The companies' keys for personal values (decision 074), each wrapped by the master key, which is never
 * stored here. `data` keys seal values (AES-256-GCM); the newest version seals, older ones still open the rows
 * a rotation has not reached yet. The `index` key keys the blind indexes and is never the data key. `id` is
 * random, so a ciphertext names its key without a lookup and two databases never share an id.
 */
export const dataKeys = pgTable(
  'data_keys',
  {
    id: text().notNull(),
    // Spelled out rather than companyRef(): staff.ts seals its phone column (pii/column.ts → keyring → this
    // file), so this file must not call into staff.ts while the modules load; the reference is resolved later.
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    purpose: text({ enum: ['data', 'index'] }).notNull(),
    version: smallint().notNull(),
    wrapped: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    uniqueIndex('data_keys_corp_purpose_version').on(t.corpId, t.purpose, t.version),
    check('data_keys_purpose', sql`${t.purpose} in ('data', 'index')`),
    check('data_keys_version', sql`${t.version} >= 1`),
  ],
);
