import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { companyRef, staffRef } from './staff.ts';
import { timestamptz } from './columns.ts';

/**
 * Every change made in the back office (decision 057): who, when, what, and the record before and after.
 * Written in the same transaction as the change, so a change without its row cannot exist. Never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    corpId: companyRef(),
    actorId: staffRef(),
    /** e.g. 'staff.add', 'staff.update', 'team.add', 'notice.update', 'settings.update', 'company.add'. */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb(),
    after: jsonb(),
    at: timestamptz().notNull(),
  },
  (t) => [index().on(t.corpId, t.id)],
);
