import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, staff } from './staff.ts';

/**
 * Every change made in the back office (decision 057): who, when, what, and the record before and after.
 * Written in the same transaction as the change, so a change without its row cannot exist. Never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    actorId: integer()
      .notNull()
      .references(() => staff.id),
    /** e.g. 'staff.add', 'staff.update', 'team.add', 'notice.update', 'settings.update', 'company.add'. */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb(),
    after: jsonb(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.corpId, t.id)],
);
