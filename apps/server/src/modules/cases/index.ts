import { and, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { CASE_STATUS, findTransition } from '@crm/domain/status';
import { appeals, clients, followUps, serviceRequests } from '../../db/schema/cases.ts';
import { insertCaseEvent } from './cases.repository.ts';

/*
 * The public surface of modules/cases: what other modules may know of cases, appeals, follow-ups and
 * service requests. Each function takes the executor (the database or the caller's transaction) and the
 * company first. Nothing else of this folder is imported from outside (eslint.config.js).
 */

type Executor = Db | Tx;
export type { CaseRow, CaseScope } from './cases.repository.ts';

/** A live case with what its policy needs: the row, and whether it was ever put to customer service. */
export async function findCaseScope(ex: Executor, corpId: number, id: number) {
  const [row] = await ex
    .select({
      case: clients,
      // Spelled out: a one-table select leaves its columns unqualified, which the subquery would misread.
      putToService: sql<boolean>`exists (select 1 from ${serviceRequests} sr where sr.corp_id = clients.corp_id and sr.client_id = clients.id)`,
    })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id), isNull(clients.deletedAt)))
    .limit(1);
  return row ? { ...row.case, putToService: Boolean(row.putToService) } : undefined;
}
export type CaseWithScope = NonNullable<Awaited<ReturnType<typeof findCaseScope>>>;

/** An appeal with its team (the policy of an appeal is its team's leader). */
export const findAppealScope = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    appeals,
    {
      id: appeals.id,
      corpId: appeals.corpId,
      clientId: appeals.clientId,
      teamId: appeals.teamId,
      status: appeals.status,
    },
    corpId,
    id,
  );

/** Names and phones of cases (deleted ones too: a task or rejection may outlive its case's deletion). */
export async function caseContacts(ex: Executor, corpId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; phone: string }>();
  const rows = await ex
    .select({ id: clients.id, name: clients.name, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), inArray(clients.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, { name: row.name, phone: row.phone }]));
}

/** The ids of a team's live cases, as a subquery another module filters by (the leader's to-confirm list). */
export const teamCaseIds = (corpId: number, teamId: number) =>
  sql`(select ${clients.id} from ${clients} where ${and(eq(clients.corpId, corpId), eq(clients.teamId, teamId), isNull(clients.deletedAt))})`;

// ---- home badges: scalar subqueries, so the home page composes every module's count in one query ----
// Status constants stay literals in the SQL, so a partial index `where status = 'open'` matches any plan.

const count = (table: SQL, where: SQL | undefined) => sql`(select count(*)::int from ${table} where ${where})`;

/** Follow-ups of the person due by `at` and not done. */
export const dueFollowUpsBadge = (corpId: number, staffId: number, at: Date) =>
  count(
    sql`${followUps}`,
    and(
      eq(followUps.corpId, corpId),
      eq(followUps.staffId, staffId),
      isNull(followUps.doneAt),
      lte(followUps.nextContactAt, sql`${at.toISOString()}::timestamptz`),
    ),
  );

/** Cases waiting for customer service in the company. */
export const openServiceBadge = (corpId: number) =>
  count(sql`${serviceRequests}`, and(eq(serviceRequests.corpId, corpId), sql`${serviceRequests.status} = 'open'`));

/** Open appeals of a team, for its leader. */
export const openAppealsBadge = (corpId: number, teamId: number) =>
  count(sql`${appeals}`, and(eq(appeals.corpId, corpId), eq(appeals.teamId, teamId), sql`${appeals.status} = 'open'`));

/**
 * The signing centre's outcome moves the case out of 签约中: signed (→ 审批中) or a rejection confirmed by the
 * approver (→ 签约失败), through the same transition table and event log as a move on the case page. The
 * case row is locked first, before the task, as every case move locks it: one lock order, no deadlock.
 * Returns false when the case is no longer in signing (moved meanwhile), so the caller can refuse.
 */
export async function moveCaseBySigning(
  tx: Tx,
  move: { corpId: number; clientId: number; to: 3 | 2; actorId: number; note: string; at: Date },
): Promise<boolean> {
  const [locked] = await tx
    .select({ status: clients.status })
    .from(clients)
    .where(and(eq(clients.corpId, move.corpId), eq(clients.id, move.clientId), isNull(clients.deletedAt)))
    .for('update')
    .limit(1);
  if (!locked || !findTransition(locked.status, move.to, ['signer'])) return false;
  const failed = move.to === CASE_STATUS.SIGNING_FAILED;
  await tx
    .update(clients)
    .set({ status: move.to, ...(failed ? { rejectReason: null, rejectNote: move.note } : {}), updatedAt: move.at })
    .where(and(eq(clients.corpId, move.corpId), eq(clients.id, move.clientId)));
  await insertCaseEvent(tx, {
    corpId: move.corpId,
    clientId: move.clientId,
    staffId: move.actorId,
    kind: 'status',
    fromStatus: CASE_STATUS.SIGNING,
    toStatus: move.to,
    reason: move.note,
    createdAt: move.at,
  });
  return true;
}
