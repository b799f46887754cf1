import type { BadgeCounts } from '@crm/domain/api/auth';
import { and, arrayContains, asc, eq, gt, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { activeStaff } from '../../db/active-staff.ts';
import type { Db } from '../../db/client.ts';
import { notices, staff } from '../../db/schema/staff.ts';
import { dueFollowUpsBadge, openAppealsBadge, openServiceBadge } from '../cases/index.ts';
import { unfinishedExamsBadge } from '../exam/index.ts';
import { pendingAuditsBadge, waitingForStewardBadge } from '../house/index.ts';
import { openProofRejectionsBadge, toConfirmBadge } from '../money/index.ts';
import { signTasksBadge } from '../sign/index.ts';

export interface BadgeQuery {
  corpId: number;
  staffId: number;
  teamId: number | null;
  now: Date;
  /** Which role-bound badges to count; the others answer 0 without touching their table. */
  has: { service: boolean; remind: boolean; appeal: boolean; sign: boolean; reject: boolean; audit: boolean };
}

export function createHomeRepository(db: Db) {
  return {
    /**
     * Every badge in one round trip: a read model over the modules that own the counted rows. Each module
     * exports its count as a scalar subquery (an indexed count scoped by company first); this select
     * composes them, so the home page costs one query however many badges a role has.
     */
    async countBadges({ corpId, staffId, teamId, now, has }: BadgeQuery): Promise<BadgeCounts> {
      const zero = sql`0`;
      const result = await db.execute<Record<keyof BadgeCounts, number>>(sql`select
        ${dueFollowUpsBadge(corpId, staffId, now)} as pending,
        ${has.service ? openServiceBadge(corpId) : zero} as service,
        ${has.remind ? waitingForStewardBadge(corpId, staffId) : zero} as remind,
        ${unfinishedExamsBadge(corpId, staffId)} as exam,
        ${has.appeal && teamId !== null ? openAppealsBadge(corpId, teamId) : zero} as appeal,
        ${has.sign ? signTasksBadge(corpId, 'open') : zero} as sign,
        ${has.reject ? signTasksBadge(corpId, 'rejected') : zero} as reject,
        ${openProofRejectionsBadge(corpId, staffId)} as proof,
        ${has.appeal && teamId !== null ? toConfirmBadge(corpId, teamId, staffId) : zero} as confirm,
        ${has.audit ? pendingAuditsBadge(corpId, staffId) : zero} as audit`);
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
        confirm: n(row?.confirm),
        audit: n(row?.audit),
      };
    },

    /** The other signers (job 2) of a signing leader's team, whose task lists the leader may open. */
    listTeamSigners: (corpId: number, teamId: number, exceptId: number) =>
      activeStaff(
        db,
        corpId,
        { id: staff.id, name: staff.name, sex: staff.sex },
        { where: [eq(staff.teamId, teamId), ne(staff.id, exceptId), arrayContains(staff.jobs, [2])] },
      ),

    listActiveNotices: (corpId: number, now: Date) =>
      db
        .select({ status: notices.status, text: notices.text })
        .from(notices)
        .where(
          and(
            eq(notices.corpId, corpId),
            lte(notices.startsAt, now),
            or(isNull(notices.endsAt), gt(notices.endsAt, now)),
          ),
        )
        .orderBy(asc(notices.id))
        .limit(5),
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
