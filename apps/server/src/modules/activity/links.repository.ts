import { and, asc, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { activities } from '../../db/schema/activity.ts';

/** The company's published activities that are on at `at` (a group send links one, decision 080), soonest ending first. */
export function activitiesOn(db: Db, corpId: number, at: Date) {
  return db
    .select({ id: activities.id, type: activities.type, title: activities.title, coverUrl: activities.coverUrl })
    .from(activities)
    .where(
      and(
        eq(activities.corpId, corpId),
        isNotNull(activities.publishedAt),
        lte(activities.startsAt, at),
        gt(activities.endsAt, at),
      ),
    )
    .orderBy(asc(activities.endsAt), asc(activities.id));
}
