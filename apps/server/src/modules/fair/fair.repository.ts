import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { fairCheckins, fairs } from '../../db/schema/fair.ts';
import { staff } from '../../db/schema/staff.ts';
import { columnsEqual } from '../../db/rows-where.ts';

type Executor = Db | Tx;

/** A fair of the company, for the access policy and the check-in (undefined for another company's). */
export const findFairScope = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    fairs,
    { id: fairs.id, corpId: fairs.corpId, name: fairs.name, startsOn: fairs.startsOn, endsOn: fairs.endsOn },
    corpId,
    id,
  );

export function createFairRepository(db: Db) {
  return {
    /** The company's fairs running on a China day. */
    fairsOn: (corpId: number, day: string) =>
      db
        .select({
          id: fairs.id,
          name: fairs.name,
          venue: fairs.venue,
          startsOn: fairs.startsOn,
          endsOn: fairs.endsOn,
        })
        .from(fairs)
        .where(and(eq(fairs.corpId, corpId), lte(fairs.startsOn, day), gte(fairs.endsOn, day)))
        .orderBy(asc(fairs.startsOn), asc(fairs.id)),

    /** Who checked in at these fairs on a day, earliest first, with their names (the org kernel). */
    async rosters(corpId: number, fairIds: number[], day: string) {
      if (fairIds.length === 0) return [];
      return db
        .select({
          fairId: fairCheckins.fairId,
          staffId: fairCheckins.staffId,
          staffName: staff.name,
          checkedInAt: fairCheckins.checkedInAt,
        })
        .from(fairCheckins)
        .innerJoin(staff, eq(staff.id, fairCheckins.staffId))
        .where(and(eq(fairCheckins.corpId, corpId), inArray(fairCheckins.fairId, fairIds), eq(fairCheckins.day, day)))
        .orderBy(asc(fairCheckins.checkedInAt), asc(fairCheckins.id));
    },

    /**
     * Checks in once per person, fair and day: the unique index `fair_checkins_one_per_day` decides, also when
     * two taps race. Answers the check-in that counts and whether this call wrote it.
     */
    async checkInOnce(values: { corpId: number; fairId: number; staffId: number; day: string; at: Date }) {
      const [written] = await db
        .insert(fairCheckins)
        .values({ ...values, checkedInAt: values.at })
        .onConflictDoNothing()
        .returning({ checkedInAt: fairCheckins.checkedInAt });
      if (written) return { checkedInAt: written.checkedInAt, already: false };
      const { corpId, fairId, staffId, day } = values;
      const [existing] = await db
        .select({ checkedInAt: fairCheckins.checkedInAt })
        .from(fairCheckins)
        .where(columnsEqual(fairCheckins, { corpId, fairId, staffId, day }))
        .orderBy(asc(fairCheckins.id))
        .limit(1);
      return { checkedInAt: existing?.checkedInAt ?? values.at, already: true };
    },
  };
}
export type FairRepository = ReturnType<typeof createFairRepository>;
