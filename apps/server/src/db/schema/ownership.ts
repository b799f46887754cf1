import { date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptzNow, corpRef } from './columns.ts';

/*
 * Tables of customer ownership (modules/ownership, decision 066): the log of duplicate checks and the daily
 * claim counters of the public pool. The pool itself is a state of the case (clients.pooled_at, modules/cases).
 */

/**
 * Every duplicate check, who asked what (masked) and how many matched: the check answers whether a phone or ID
 * number is somebody's customer, so it is limited per person and day and reviewable.
 */
export const duplicateChecks = pgTable(
  'duplicate_checks',
  {
    id: identity(),
    corpId: companyRef(),
    /** The principal's kind and id: a staff member, a partner or a channel agent. */
    principalKind: text({ enum: ['staff', 'partner', 'agent'] }).notNull(),
    principalId: integer().notNull(),
    /** Beijing calendar day of the check: the daily limit counts them. */
    day: date({ mode: 'string' }).notNull(),
    /** What was asked, masked (phone 3+4, ID 6+4, name's first character). */
    asked: text().notNull(),
    matches: smallint().notNull(),
    at: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    index().on(t.corpId, t.principalKind, t.principalId, t.day),
    index().on(t.corpId, t.id),
  ],
);

/** How many pool cases a person claimed on a Beijing day: a conditional upsert keeps the cap under races. */
export const poolClaimDays = pgTable(
  'pool_claim_days',
  {
    corpId: companyRef(),
    staffId: staffRef(),
    day: date({ mode: 'string' }).notNull(),
    claims: smallint().notNull().default(0),
  },
  (t) => [
    corpRef('pool_claim_days_staff_id_fk', t.corpId, t.staffId, () => staff),
    primaryKey({ columns: [t.corpId, t.staffId, t.day] }),
  ],
);
