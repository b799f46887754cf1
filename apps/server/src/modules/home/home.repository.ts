import type { BadgeCounts } from '@crm/domain/api/auth';
import { JOB } from '@crm/domain/roles';
import { and, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notices, staff } from '../../db/schema/staff.ts';
import { dueFollowUpsBadge, openAppealsBadge, openServiceBadge, ownCasesNearPoolJson } from '../cases/index.ts';
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
  /** A signing leader also gets the other signers of the team. */
  signers: boolean;
}

export interface HomeSnapshot {
  total: BadgeCounts;
  signerList: { id: number; name: string; sex: number }[];
  notice: { status: 'info' | 'warning' | 'error'; text: string }[];
  /** The person's own cases within the warning days of the pool (decision 066). */
  nearPool: { id: number; name: string; due_at: string }[];
}

type Flags = BadgeQuery['has'] & { signers: boolean };
const FLAG_ORDER = ['service', 'remind', 'appeal', 'sign', 'reject', 'audit', 'signers'] as const;

/** The named placeholders of the home statement, filled per request. */
const p = {
  corpId: sql.placeholder('corpId'),
  staffId: sql.placeholder('staffId'),
  teamId: sql.placeholder('teamId'),
  now: sql.placeholder('now'),
};

export function createHomeRepository(db: Db) {
  /**
   * The home page in one statement (decision 060): every badge, the notices and a signing leader's signers.
   * A read model over the modules that own the counted rows: each exports its count as a scalar subquery
   * (an indexed count scoped by company first), composed here. The badges a role does not have are a
   * constant 0, so each combination of roles is its own statement, built once and prepared by name on first
   * use: a request neither rebuilds it nor has PostgreSQL parse and plan it again.
   */
  const statements = new Map<number, ReturnType<typeof build>>();
  function build(has: Flags, name: string) {
    const zero = sql<number>`0`;
    const pick = (on: boolean, badge: SQL) => (on ? sql<number>`${badge}` : zero);
    return db
      .select({
        pending: sql<number>`${dueFollowUpsBadge(p.corpId, p.staffId, p.now)}`,
        service: pick(has.service, openServiceBadge(p.corpId)),
        remind: pick(has.remind, waitingForStewardBadge(p.corpId, p.staffId)),
        exam: sql<number>`${unfinishedExamsBadge(p.corpId, p.staffId)}`,
        appeal: pick(has.appeal, openAppealsBadge(p.corpId, p.teamId)),
        sign: pick(has.sign, signTasksBadge(p.corpId, 'open')),
        reject: pick(has.reject, signTasksBadge(p.corpId, 'rejected')),
        proof: sql<number>`${openProofRejectionsBadge(p.corpId, p.staffId)}`,
        confirm: pick(has.appeal, toConfirmBadge(p.corpId, p.teamId, p.staffId)),
        audit: pick(has.audit, pendingAuditsBadge(p.corpId, p.staffId)),
        // The notices in force (at most five, oldest first) and the signers, as JSON arrays of the same row.
        notice: sql<
          HomeSnapshot['notice']
        >`(select coalesce(json_agg(json_build_object('status', n.status, 'text', n.text) order by n.id), '[]'::json)
          from (select ${notices.id} as id, ${notices.status} as status, ${notices.text} as text from ${notices}
            where ${and(
              eq(notices.corpId, p.corpId),
              lte(notices.startsAt, sql`${p.now}::timestamptz`),
              or(isNull(notices.endsAt), gt(notices.endsAt, sql`${p.now}::timestamptz`)),
            )}
            order by ${notices.id} limit 5) n)`,
        nearPool: ownCasesNearPoolJson(p.corpId, p.staffId, p.now),
        signerList: has.signers
          ? sql<
              HomeSnapshot['signerList']
            >`(select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'sex', s.sex) order by s.id), '[]'::json)
            from ${staff} s where s.corp_id = ${p.corpId} and s.is_active and s.team_id = ${p.teamId}
              and s.id <> ${p.staffId} and s.jobs @> array[${sql.raw(String(JOB.SIGNING))}]::smallint[])`
          : sql<HomeSnapshot['signerList']>`'[]'::json`,
      })
      .from(sql`(select 1) as one`)
      .prepare(name);
  }

  return {
    async snapshot({ corpId, staffId, teamId, now, has, signers }: BadgeQuery): Promise<HomeSnapshot> {
      // Team badges need a team: without one they are not asked for.
      const flags: Flags = { ...has, appeal: has.appeal && teamId !== null, signers: signers && teamId !== null };
      const mask = FLAG_ORDER.reduce((bits, flag, i) => (flags[flag] ? bits | (1 << i) : bits), 0);
      let statement = statements.get(mask);
      if (!statement) {
        statement = build(flags, `home_userinfo_${mask}`);
        statements.set(mask, statement);
      }
      const [row] = await statement.execute({ corpId, staffId, teamId: teamId ?? 0, now: now.toISOString() });
      if (!row) throw new Error('the home statement answered no row');
      const n = (value: unknown) => Number(value ?? 0);
      return {
        total: {
          pending: n(row.pending),
          service: n(row.service),
          remind: n(row.remind),
          exam: n(row.exam),
          appeal: n(row.appeal),
          sign: n(row.sign),
          reject: n(row.reject),
          proof: n(row.proof),
          confirm: n(row.confirm),
          audit: n(row.audit),
        },
        signerList: row.signerList,
        notice: row.notice,
        nearPool: row.nearPool.map((c) => ({ id: c.id, name: c.name, due_at: new Date(c.due_at).toISOString() })),
      };
    },
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
