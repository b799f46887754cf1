import { index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, staff } from './staff.ts';

/** Server-side sessions. Only the SHA-256 of the cookie's token is stored, so a leaked table opens nothing. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text().primaryKey(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.corpId, t.staffId), index().on(t.expiresAt)],
);

/**
 * SMS verification codes. The code itself is never stored: only an HMAC keyed with a server secret,
 * because a plain hash of six digits is reversed by trying all million of them.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    phone: text().notNull(),
    codeHash: text().notNull(),
    ip: text().notNull(),
    failedAttempts: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.phone, t.createdAt), index().on(t.ip, t.createdAt)],
);
