import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { anyWhere } from '../../db/rows-where.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { staff } from '../../db/schema/staff.ts';
import { insertTaskEvent } from './sign.repository.ts';
import type { Bound } from '../../db/bound.ts';

/*
 * The public surface of modules/sign: signing tasks as other modules (house's docking, the access policy,
 * the home badges) may make and see them. Each function takes the executor and the company first.
 */

type Executor = Db | Tx;
export { findSignTask } from './sign.repository.ts';
export type { TaskRow as SignTaskRow } from './sign.repository.ts';

/** Opens a signing task for a home-loan client (the steward's docking), in the caller's transaction. */
export async function createSignTask(
  tx: Tx,
  values: {
    corpId: number;
    houseClientId: number;
    appointmentAt: Date;
    place: string;
    createdBy: number;
    createdAt: Date;
  },
) {
  const [row] = await tx.insert(signTasks).values(values).returning({ id: signTasks.id });
  if (!row) throw new Error('sign task not inserted');
  return row.id;
}

/**
 * Opens the signing task of an instalment case that entered 签约中 (new, resubmitted, or an appeal
 * approved), in the caller's transaction. The case's chosen signer sees it in "my tasks"; the pool shows
 * it to every signer. A case with a live task keeps it (the partial unique index says so under a race).
 */
export async function openCaseSignTask(
  tx: Tx,
  values: { corpId: number; clientId: number; proposedSignerId: number | null; createdBy: number; createdAt: Date },
) {
  await tx.insert(signTasks).values(values).onConflictDoNothing();
}

/**
 * The case left 签约中 another way (the client withdrew, a leader moved it): its live task leaves the
 * centre, so no signer travels to an appointment that no longer exists.
 */
export async function withdrawCaseSignTask(
  tx: Tx,
  about: { corpId: number; clientId: number; actorId: number; at: Date; reason: string },
) {
  const [live] = await tx
    .select({ id: signTasks.id, status: signTasks.status })
    .from(signTasks)
    .where(
      and(
        eq(signTasks.corpId, about.corpId),
        eq(signTasks.clientId, about.clientId),
        sql`${signTasks.status} in ('open', 'taken', 'rejected')`,
      ),
    )
    .for('update')
    .limit(1);
  if (!live) return;
  await tx
    .update(signTasks)
    .set({ status: 'withdrawn', finishedAt: about.at })
    .where(and(eq(signTasks.corpId, about.corpId), eq(signTasks.id, live.id)));
  await insertTaskEvent(tx, {
    corpId: about.corpId,
    taskId: live.id,
    actorId: about.actorId,
    fromStatus: live.status,
    toStatus: 'withdrawn',
    reason: about.reason,
    createdAt: about.at,
  });
}

/** Whether the signing centre has (had) a task for this home-loan client. */
export const hasSignTask = (ex: Executor, corpId: number, about: { houseClientId: number }) =>
  anyWhere(ex, signTasks, and(eq(signTasks.corpId, corpId), eq(signTasks.houseClientId, about.houseClientId)));

/**
 * The signers who hold or held a task of an instalment case (any status), each with their team and the
 * task's status: a subquery of the case's row (`corpId`, `clientId` are the outer query's columns), for the
 * access policy (decision 065). Read on `sign_tasks (corp_id, client_id)`.
 */
export const caseSignersSql = (corpId: SQL, clientId: SQL) =>
  sql<
    { signerId: number; signerTeamId: number | null; status: string }[]
  >`coalesce((select json_agg(json_build_object('signerId', st.signer_id, 'signerTeamId', s.team_id, 'status', st.status)) from ${signTasks} st join ${staff} s on s.corp_id = st.corp_id and s.id = st.signer_id where st.corp_id = ${corpId} and st.client_id = ${clientId}), '[]'::json)`;

/** Home badge: the company's tasks in one status (open for the centre, rejected for the approver). */
export const signTasksBadge = (corpId: Bound<number>, status: 'open' | 'rejected') =>
  // The status is one of two constants, written as a literal so a partial index on it matches any plan.
  sql`(select count(*)::int from ${signTasks} where ${and(eq(signTasks.corpId, corpId), sql`${signTasks.status} = ${sql.raw(status === 'open' ? "'open'" : "'rejected'")}`)})`;

/**
 * The signing appointments of a set of home-loan clients (a subquery of their ids, e.g. one channel agent's
 * referrals), newest first by keyset: what /houseloan's `sign` shows the agent. Withdrawn tasks are left out.
 */
export function houseAppointments(ex: Executor, corpId: number, houseClientIds: SQL, page: KeysetPage) {
  return keyset(page, signTasks.id, (limit, before) =>
    ex
      .select({
        id: signTasks.id,
        houseClientId: signTasks.houseClientId,
        appointmentAt: signTasks.appointmentAt,
        place: signTasks.place,
        status: signTasks.status,
      })
      .from(signTasks)
      .where(
        and(
          eq(signTasks.corpId, corpId),
          sql`${signTasks.houseClientId} in (${houseClientIds})`,
          sql`${signTasks.status} <> 'withdrawn'`,
          before,
        ),
      )
      .orderBy(desc(signTasks.id))
      .limit(limit),
  );
}

/** The latest signing appointment of each of these home-loan clients. */
export async function latestHouseAppointments(ex: Executor, corpId: number, houseClientIds: number[]) {
  if (houseClientIds.length === 0) return new Map<number, { appointmentAt: Date | null; place: string | null }>();
  const rows = await ex
    .selectDistinctOn([signTasks.houseClientId], {
      houseClientId: signTasks.houseClientId,
      appointmentAt: signTasks.appointmentAt,
      place: signTasks.place,
    })
    .from(signTasks)
    .where(and(eq(signTasks.corpId, corpId), inArray(signTasks.houseClientId, houseClientIds)))
    .orderBy(signTasks.houseClientId, desc(signTasks.id));
  return new Map(rows.map((r) => [r.houseClientId ?? 0, { appointmentAt: r.appointmentAt, place: r.place }]));
}

/**
 * A staff handover (decision 066): the signing tasks a person holds. Taken tasks and rejections waiting for
 * approval go to the new signer when the colleague signs (job 2), each with an event; otherwise a taken task
 * goes back to the task centre (open, for every signer) and a waiting rejection stays for the approver. Open
 * tasks proposed to the person are proposed to the colleague, or to nobody. Answers what moved and what stayed.
 */
export async function handOverSignTasks(
  tx: Tx,
  corpId: number,
  fromId: number,
  to: { id: number; name: string; isSigner: boolean } | null,
  actorId: number,
  at: Date,
) {
  const held = await tx
    .select({ id: signTasks.id, status: signTasks.status })
    .from(signTasks)
    .where(
      and(
        eq(signTasks.corpId, corpId),
        eq(signTasks.signerId, fromId),
        inArray(signTasks.status, ['taken', 'rejected']),
      ),
    )
    .orderBy(signTasks.id)
    .for('update');
  const moved: number[] = [];
  const reopened: number[] = [];
  const stayed: number[] = [];
  for (const task of held) {
    if (to?.isSigner) {
      await tx
        .update(signTasks)
        .set({ signerId: to.id })
        .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, task.id)));
      await insertTaskEvent(tx, {
        corpId,
        taskId: task.id,
        actorId,
        fromStatus: task.status,
        toStatus: task.status,
        reason: `交接给${to.name}`,
        createdAt: at,
      });
      moved.push(task.id);
    } else if (task.status === 'taken') {
      await tx
        .update(signTasks)
        .set({ signerId: null, status: 'open', takenAt: null })
        .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, task.id)));
      await insertTaskEvent(tx, {
        corpId,
        taskId: task.id,
        actorId,
        fromStatus: 'taken',
        toStatus: 'open',
        reason: '签约人交接，退回任务中心',
        createdAt: at,
      });
      reopened.push(task.id);
    } else stayed.push(task.id);
  }
  await tx
    .update(signTasks)
    .set({ proposedSignerId: to?.isSigner ? to.id : null })
    .where(and(eq(signTasks.corpId, corpId), eq(signTasks.proposedSignerId, fromId), eq(signTasks.status, 'open')));
  return { moved, reopened, stayed };
}

/**
 * A merge (decision 066): the merged case's signing tasks now belong to the kept one. Null (nothing moved)
 * when both have a live task, since a case has one at a time.
 */
export async function moveCaseSignTasks(tx: Tx, corpId: number, from: number, to: number): Promise<number | null> {
  const live = sql`${signTasks.status} in ('open', 'taken', 'rejected')`;
  const both = await tx
    .select({ clientId: signTasks.clientId })
    .from(signTasks)
    .where(and(eq(signTasks.corpId, corpId), inArray(signTasks.clientId, [from, to]), live));
  if (new Set(both.map((row) => row.clientId)).size === 2) return null;
  const moved = await tx
    .update(signTasks)
    .set({ clientId: to })
    .where(and(eq(signTasks.corpId, corpId), eq(signTasks.clientId, from)))
    .returning({ id: signTasks.id });
  return moved.length;
}
