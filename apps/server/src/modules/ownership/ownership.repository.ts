import { and, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { duplicateChecks, poolClaimDays } from '../../db/schema/ownership.ts';
import { staff, teams } from '../../db/schema/staff.ts';

/*
 * modules/ownership's own tables (decision 066): the duplicate-check log and the pool's daily claim counters;
 * and, from the shared org kernel, the people a case may move to. The cases themselves are modules/cases'.
 */

type Executor = Db | Tx;
export type OwnershipTx = Tx;
export type CheckerKind = 'staff' | 'partner' | 'agent';

export function createOwnershipRepository(db: Db) {
  return {
    db,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /**
     * Logs a check unless the person used up the day's: under a lock per person and day, so twenty at once
     * cannot all read "one left". Answers the checks left after this one, or null when none were.
     */
    async logCheck(
      tx: Tx,
      row: {
        corpId: number;
        principalKind: CheckerKind;
        principalId: number;
        day: string;
        asked: string;
        matches: number;
        at: Date;
      },
      limit: number,
    ): Promise<number | null> {
      const key = `dupcheck:${row.corpId}:${row.principalKind}:${row.principalId}:${row.day}`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 66))`);
      const [used] = await tx
        .select({ n: count() })
        .from(duplicateChecks)
        .where(
          and(
            eq(duplicateChecks.corpId, row.corpId),
            eq(duplicateChecks.principalKind, row.principalKind),
            eq(duplicateChecks.principalId, row.principalId),
            eq(duplicateChecks.day, row.day),
          ),
        );
      const n = used?.n ?? 0;
      if (n >= limit) return null;
      await tx.insert(duplicateChecks).values(row);
      return limit - n - 1;
    },

    /**
     * Takes one of the person's claims of the day, if any is left: one upsert whose update holds the row lock,
     * so the cap holds when ten claims race. Answers the claims left after it, or null at the cap.
     */
    async takeClaim(tx: Tx, corpId: number, staffId: number, day: string, cap: number): Promise<number | null> {
      if (cap <= 0) return null;
      const rows = await tx
        .insert(poolClaimDays)
        .values({ corpId, staffId, day, claims: 1 })
        .onConflictDoUpdate({
          target: [poolClaimDays.corpId, poolClaimDays.staffId, poolClaimDays.day],
          set: { claims: sql`${poolClaimDays.claims} + 1` },
          setWhere: sql`${poolClaimDays.claims} < ${cap}`,
        })
        .returning({ claims: poolClaimDays.claims });
      const taken = rows[0];
      return taken ? cap - taken.claims : null;
    },

    async claimsUsed(ex: Executor, corpId: number, staffId: number, day: string): Promise<number> {
      const [row] = await ex
        .select({ claims: poolClaimDays.claims })
        .from(poolClaimDays)
        .where(and(eq(poolClaimDays.corpId, corpId), eq(poolClaimDays.staffId, staffId), eq(poolClaimDays.day, day)));
      return row?.claims ?? 0;
    },

    /** An active staff member of the company, with their team: someone a case may move to. */
    async activeMember(ex: Executor, corpId: number, id: number) {
      const [row] = await ex
        .select({ id: staff.id, name: staff.name, teamId: staff.teamId })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id), eq(staff.isActive, true)));
      return row;
    },

    /** Active staff members of the company (of one team, when given), with their team's name, by name. */
    async activeMembers(ex: Executor, corpId: number, teamId: number | null | undefined) {
      return ex
        .select({ id: staff.id, name: staff.name, team: sql<string>`coalesce(${teams.name}, '')` })
        .from(staff)
        .leftJoin(teams, eq(teams.id, staff.teamId))
        .where(
          and(
            eq(staff.corpId, corpId),
            eq(staff.isActive, true),
            teamId === undefined ? undefined : teamId === null ? sql`false` : eq(staff.teamId, teamId),
          ),
        )
        .orderBy(teams.name, staff.name, staff.id)
        .limit(500);
    },

    /** Names and team names of staff members, for the masked holders of a duplicate check. */
    async people(ex: Executor, corpId: number, ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, { name: string; team: string }>();
      const rows = await ex
        .select({ id: staff.id, name: staff.name, team: sql<string>`coalesce(${teams.name}, '')` })
        .from(staff)
        .leftJoin(teams, eq(teams.id, staff.teamId))
        .where(and(eq(staff.corpId, corpId), sql`${staff.id} in ${[...new Set(ids)]}`));
      return new Map(rows.map((r) => [r.id, { name: r.name, team: r.team }]));
    },

    /** The leaders of a team, who are told when a case of theirs is claimed or moved. */
    async leadersOf(ex: Executor, corpId: number, teamId: number | null) {
      if (teamId === null) return [];
      return ex
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(eq(staff.corpId, corpId), eq(staff.teamId, teamId), eq(staff.isLeader, true), eq(staff.isActive, true)),
        );
    },
  };
}

export type OwnershipRepository = ReturnType<typeof createOwnershipRepository>;

/** Deletes the company's duplicate-check log lines older than `before` (retention, decision 071). */
export async function purgeDuplicateChecks(ex: Executor, corpId: number, before: Date) {
  const gone = await ex
    .delete(duplicateChecks)
    .where(and(eq(duplicateChecks.corpId, corpId), sql`${duplicateChecks.at} < ${before.toISOString()}`))
    .returning({ id: duplicateChecks.id });
  return gone.length;
}
