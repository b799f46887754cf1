import type { BadgeCounts } from '@crm/domain/api/auth';
import { and, arrayContains, asc, eq, gt, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notices, staff } from '../../db/schema/staff.ts';
import { proofRejections } from '../../db/schema/money.ts';
import { appeals, followUps, serviceRequests } from '../../db/schema/cases.ts';
import { examAssignments } from '../../db/schema/exam.ts';
import { houseClients } from '../../db/schema/house.ts';
import { signTasks } from '../../db/schema/sign.ts';

export interface BadgeQuery {
  corpId: number;
  staffId: number;
  teamId: number | null;
  now: Date;
  /** Which role-bound badges to count; the others answer 0 without touching their table. */
  has: { service: boolean; remind: boolean; appeal: boolean; sign: boolean; reject: boolean };
}

export function createHomeRepository(db: Db) {
  return {
    /**
     * Every badge in one round trip: each is an indexed count scoped by company first, run as a scalar
     * subquery, so the home page costs one query however many badges a role has.
     */
    async countBadges({ corpId, staffId, teamId, now, has }: BadgeQuery): Promise<BadgeCounts> {
      const at = sql`${now.toISOString()}::timestamptz`;
      const zero = sql`0`;
      const count = (table: SQL, where: SQL) => sql`(select count(*)::int from ${table} where ${where})`;
      const result = await db.execute<Record<keyof BadgeCounts, number>>(sql`select
        ${count(sql`${followUps}`, sql`${followUps.corpId} = ${corpId} and ${followUps.staffId} = ${staffId} and ${followUps.doneAt} is null and ${followUps.nextContactAt} <= ${at}`)} as pending,
        ${has.service ? count(sql`${serviceRequests}`, sql`${serviceRequests.corpId} = ${corpId} and ${serviceRequests.status} = 'open'`) : zero} as service,
        ${has.remind ? count(sql`${houseClients}`, sql`${houseClients.corpId} = ${corpId} and ${houseClients.stewardId} = ${staffId} and ${houseClients.stewardStatus} = 'waiting' and ${houseClients.deletedAt} is null`) : zero} as remind,
        ${count(sql`${examAssignments}`, sql`${examAssignments.corpId} = ${corpId} and ${examAssignments.staffId} = ${staffId} and ${examAssignments.finishedAt} is null`)} as exam,
        ${has.appeal && teamId !== null ? count(sql`${appeals}`, sql`${appeals.corpId} = ${corpId} and ${appeals.teamId} = ${teamId} and ${appeals.status} = 'open'`) : zero} as appeal,
        ${has.sign ? count(sql`${signTasks}`, sql`${signTasks.corpId} = ${corpId} and ${signTasks.status} = 'open'`) : zero} as sign,
        ${has.reject ? count(sql`${signTasks}`, sql`${signTasks.corpId} = ${corpId} and ${signTasks.status} = 'rejected'`) : zero} as reject,
        ${count(sql`${proofRejections}`, sql`${proofRejections.corpId} = ${corpId} and ${proofRejections.ownerId} = ${staffId} and ${proofRejections.resolvedAt} is null`)} as proof`);
      const row = result.rows[0];
      const n = (value: unknown) => Number(value ?? 0);
      return {
        pending: n(row?.pending),
        service: n(row?.service),
        remind: n(row?.remind),
        exam: n(row?.exam),
        appeal: n(row?.appeal),
        sign: n(row?.sign),
        reject: n(row?.reject),
        proof: n(row?.proof),
      };
    },

    /** The other signers (job 2) of a signing leader's team, whose task lists the leader may open. */
    listTeamSigners: (corpId: number, teamId: number, exceptId: number) =>
      db
        .select({ id: staff.id, name: staff.name, sex: staff.sex })
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
