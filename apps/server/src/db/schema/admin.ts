import { bigint, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { companyRef } from './staff.ts';
import { timestamptz } from './columns.ts';

/**
 * Every change made in the back office (decision 057): who, when, what, and the record before and after.
 * Written in the same transaction as the change, so a change without its row cannot exist. Never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    corpId: companyRef(),
    /**
     * Who made the change. No foreign key: the platform admin's opening of a company is written in the new
     * company's book too (admin.service), naming a person of another company, which a company-scoped key
     * (decision 084) cannot point at.
     */
    actorId: integer().notNull(),
    /** e.g. 'staff.add', 'staff.update', 'team.add', 'notice.update', 'settings.update', 'company.add'. */
    action: text().notNull(),
    entity: text().notNull(),
    entityId: integer(),
    before: jsonb(),
    after: jsonb(),
    at: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.id)],
);
