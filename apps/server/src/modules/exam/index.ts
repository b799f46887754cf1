import { and, eq, isNull, sql } from 'drizzle-orm';
import { examAssignments } from '../../db/schema/exam.ts';

/*
 * The public surface of modules/exam, which owns db/schema/exam.ts. The exam centre is not built yet
 * (upcoming.routes.ts); its first cut is the count the home page shows.
 */

/** Home badge: papers given to the person and not handed in (a scalar subquery). */
export const unfinishedExamsBadge = (corpId: number, staffId: number) =>
  sql`(select count(*)::int from ${examAssignments} where ${and(eq(examAssignments.corpId, corpId), eq(examAssignments.staffId, staffId), isNull(examAssignments.finishedAt))})`;
