import { and, arrayContains, asc, count, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notices, staff } from '../../db/schema/companies.ts';
import { appeals, examAssignments, followUps, houseClients, serviceRequests, signTasks } from '../../db/schema/work.ts';

const first = (rows: { n: number }[]) => rows[0]?.n ?? 0;

/**
 * The counts behind the home badges. Each is one indexed count scoped by company first; a badge the
 * caller's role does not have is not queried at all.
 */
export function createHomeRepository(db: Db) {
  return {
    countDueFollowUps: async (corpId: number, staffId: number, now: Date) =>
      first(
        await db
          .select({ n: count() })
          .from(followUps)
          .where(and(eq(followUps.corpId, corpId), eq(followUps.staffId, staffId), isNull(followUps.doneAt), lte(followUps.nextContactAt, now))),
      ),

    countOpenServiceRequests: async (corpId: number) =>
      first(
        await db
          .select({ n: count() })
          .from(serviceRequests)
          .where(and(eq(serviceRequests.corpId, corpId), eq(serviceRequests.status, 'open'))),
      ),

    countWaitingHouseClients: async (corpId: number, stewardId: number) =>
      first(
        await db
          .select({ n: count() })
          .from(houseClients)
          .where(and(eq(houseClients.corpId, corpId), eq(houseClients.stewardId, stewardId), eq(houseClients.stewardStatus, 'waiting'))),
      ),

    countOpenExams: async (corpId: number, staffId: number) =>
      first(
        await db
          .select({ n: count() })
          .from(examAssignments)
          .where(and(eq(examAssignments.corpId, corpId), eq(examAssignments.staffId, staffId), isNull(examAssignments.finishedAt))),
      ),

    countOpenTeamAppeals: async (corpId: number, teamId: number) =>
      first(
        await db
          .select({ n: count() })
          .from(appeals)
          .where(and(eq(appeals.corpId, corpId), eq(appeals.teamId, teamId), eq(appeals.status, 'open'))),
      ),

    countSignTasks: async (corpId: number, status: 'open' | 'rejected') =>
      first(
        await db
          .select({ n: count() })
          .from(signTasks)
          .where(and(eq(signTasks.corpId, corpId), eq(signTasks.status, status))),
      ),

    /** The other signers (job 2) of a signing leader's team, whose task lists the leader may open. */
    listTeamSigners: (corpId: number, teamId: number, exceptId: number) =>
      db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(
          and(
            eq(staff.corpId, corpId),
            eq(staff.teamId, teamId),
            ne(staff.id, exceptId),
            eq(staff.isActive, true),
            arrayContains(staff.jobs, [2]),
          ),
        )
        .orderBy(asc(staff.id)),

    listActiveNotices: (corpId: number, now: Date) =>
      db
        .select({ status: notices.status, text: notices.text })
        .from(notices)
        .where(and(eq(notices.corpId, corpId), lte(notices.startsAt, now), or(isNull(notices.endsAt), gt(notices.endsAt, now))))
        .orderBy(asc(notices.id))
        .limit(5),
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
