import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, staff } from './staff.ts';

/*
 * The exam centre (modules/exam, not built yet): papers given to staff. Its first cut is the one a home
 * badge counts.
 */

/** An exam paper given to a staff member; open until they hand it in. */
export const examAssignments = pgTable(
  'exam_assignments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    title: text().notNull(),
    dueAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.corpId, t.staffId)],
);
