import { date, index, integer, pgTable, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * Fairs and the staff's check-ins at them (展会签到, /business/signin, decision 051). Only modules/fair
 * imports this file. The visitors' side of a fair belongs to the activities module (issue 17).
 */

/** A home-decoration fair the company works a booth at, on China's calendar days starts_on..ends_on. */
export const fairs = pgTable(
  'fairs',
  {
    id: identity(),
    corpId: companyRef(),
    name: text().notNull(),
    venue: text().notNull().default(''),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.endsOn)],
);

/** A staff member's check-in at a fair on one of its days: one per person, fair and day. */
export const fairCheckins = pgTable(
  'fair_checkins',
  {
    id: identity(),
    corpId: companyRef(),
    fairId: integer().notNull(),
    staffId: staffRef(),
    /** China's calendar day the check-in counts for. */
    day: date({ mode: 'string' }).notNull(),
    checkedInAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('fair_checkins_fair_id_fk', t.corpId, t.fairId, () => fairs),
    corpRef('fair_checkins_staff_id_fk', t.corpId, t.staffId, () => staff),
    uniqueIndex('fair_checkins_one_per_day').on(t.corpId, t.fairId, t.staffId, t.day),
    index().on(t.corpId, t.fairId, t.day, t.checkedInAt),
  ],
);
