import { and, asc, desc, eq, gt, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { eventHistory } from '../../db/event-history.ts';
import { staff } from '../../db/schema/staff.ts';
import { signTaskEvents, signTasks } from '../../db/schema/sign.ts';
import { columnsEqual, columnsOf } from '../../db/rows-where.ts';
import { recordAudit } from '../admin/index.ts';
import { caseContacts } from '../cases/index.ts';
import { houseClientContacts, markHouseSignFailed, markHouseSigned } from '../house/index.ts';

export type SignStatus = (typeof signTasks.status.enumValues)[number];

/** A line of a task's history: who moved it, from where to where, why, and when (index.ts writes with it too). */
export const insertTaskEvent = (tx: Tx, values: typeof signTaskEvents.$inferInsert) =>
  tx.insert(signTaskEvents).values(values);

const signer = alias(staff, 'signer');

const taskColumns = {
  ...columnsOf(signTasks, [
    'id',
    'clientId',
    'houseClientId',
    'status',
    'signerId',
    'appointmentAt',
    'place',
    'outcomeNote',
    'wecomSpNo',
    'createdAt',
  ]),
  signerName: signer.name,
  signerTeamId: signer.teamId,
};

export interface TaskFilter {
  corpId: number;
  status?: SignStatus;
  signerId?: number;
  kind?: 'case' | 'house' | undefined;
}

const selectTasks = (executor: Db | Tx) =>
  executor.select(taskColumns).from(signTasks).leftJoin(signer, eq(signer.id, signTasks.signerId));
type TaskColumns = Awaited<ReturnType<ReturnType<typeof selectTasks>['execute']>>[number];

/**
 * Names the person of each task: a task is about a case or a home-loan client, whose modules answer
 * for their own rows (one query each per page, whatever its length).
 */
async function withContacts(ex: Db | Tx, corpId: number, rows: TaskColumns[]) {
  const [cases, houses] = await Promise.all([
    caseContacts(
      ex,
      corpId,
      rows.flatMap((row) => (row.clientId === null ? [] : [row.clientId])),
    ),
    houseClientContacts(
      ex,
      corpId,
      rows.flatMap((row) => (row.houseClientId === null ? [] : [row.houseClientId])),
    ),
  ]);
  return rows.map((row) => {
    const person = row.clientId !== null ? cases.get(row.clientId) : undefined;
    const house = row.houseClientId !== null ? houses.get(row.houseClientId) : undefined;
    return {
      ...row,
      clientName: person?.name ?? house?.name ?? '',
      clientPhone: person?.phone ?? house?.phone ?? '',
      bank: house?.bank ?? null,
      loanAmountFen: house?.loanAmountFen ?? null,
    };
  });
}

/** One task of the company with its signer and person (exported through index.ts for the access policy). */
export async function findSignTask(ex: Db | Tx, corpId: number, id: number) {
  const rows = await selectTasks(ex)
    .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, id)))
    .limit(1);
  const [row] = await withContacts(ex, corpId, rows);
  return row;
}

export function createSignRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** A reveal of the task's client phone, in the company's audit log (decision 065). */
    logPhoneReveal: (
      corpId: number,
      task: { id: number; clientId: number | null; houseClientId: number | null },
      view: { staffId: number; at: Date },
    ) =>
      db.transaction((tx) =>
        recordAudit(tx, {
          corpId,
          actorId: view.staffId,
          action: 'sign.task.phone.reveal',
          entity: 'sign_task',
          entityId: task.id,
          before: null,
          after: { client_id: task.clientId, house_client_id: task.houseClientId, field: 'phone' },
          at: view.at,
        }),
      ),

    /**
     * One keyset page: the open pool oldest first (first come, first served) after `cursor`, any other
     * list newest first before it. Tasks colleagues take meanwhile leave the pool without shifting the
     * rest, which an offset would (the next page would skip as many tasks as were taken).
     */
    async listTasks(filter: TaskFilter, cursor: number | null, size: number) {
      const isPool = filter.status === 'open';
      const where: (SQL | undefined)[] = [eq(signTasks.corpId, filter.corpId)];
      if (filter.status) where.push(eq(signTasks.status, filter.status));
      // A signer's tasks: those they hold, and open ones a salesperson chose them for on the case form.
      if (filter.signerId !== undefined)
        where.push(
          or(
            eq(signTasks.signerId, filter.signerId),
            and(eq(signTasks.status, 'open'), eq(signTasks.proposedSignerId, filter.signerId)),
          ),
        );
      if (filter.kind === 'house') where.push(sql`${signTasks.houseClientId} is not null`);
      if (filter.kind === 'case') where.push(sql`${signTasks.clientId} is not null`);
      if (cursor !== null) where.push(isPool ? gt(signTasks.id, cursor) : lt(signTasks.id, cursor));
      const rows = await selectTasks(db)
        .where(and(...where))
        // Open tasks oldest first (first come, first served); a signer's own newest first.
        .orderBy(isPool ? asc(signTasks.id) : desc(signTasks.id))
        .limit(size + 1);
      // The extra row only says whether there is a next page (toPage); its contact comes along in the same query.
      return withContacts(db, filter.corpId, rows);
    },

    findTask: (corpId: number, id: number) => findSignTask(db, corpId, id),

    events: (corpId: number, taskId: number) =>
      eventHistory(
        db,
        signTaskEvents,
        signTaskEvents.actorId,
        (actor) => ({
          actorName: actor.name,
          fromStatus: signTaskEvents.fromStatus,
          toStatus: signTaskEvents.toStatus,
          reason: signTaskEvents.reason,
          createdAt: signTaskEvents.createdAt,
        }),
        corpId,
        eq(signTaskEvents.taskId, taskId),
      ),

    /**
     * First come, first served: the update only matches while the task is still open and nobody holds
     * it, so of two signers taking it at once exactly one gets the row back.
     */
    async take(tx: Tx, corpId: number, id: number, signerId: number, at: Date) {
      const [row] = await tx
        .update(signTasks)
        .set({ status: 'taken', signerId, takenAt: at })
        .where(
          and(
            eq(signTasks.corpId, corpId),
            eq(signTasks.id, id),
            eq(signTasks.status, 'open'),
            isNull(signTasks.signerId),
          ),
        )
        .returning({ id: signTasks.id });
      return row;
    },

    /** Moves a task from `from` to `to` only if it is still in `from` (and held by `signerId` when given). */
    async move(
      tx: Tx,
      { corpId, id, from, signerId }: { corpId: number; id: number; from: SignStatus; signerId?: number },
      values: Partial<typeof signTasks.$inferInsert> & { status: SignStatus },
    ) {
      const [row] = await tx
        .update(signTasks)
        .set(values)
        .where(columnsEqual(signTasks, { corpId, id, status: from, signerId }))
        .returning({ id: signTasks.id, houseClientId: signTasks.houseClientId });
      return row;
    },

    insertEvent: insertTaskEvent,

    markHouseSigned,
    markHouseSignFailed,

    /** Claims the right to send the WeCom approval: only one caller sees the placeholder go in. */
    async claimApproval(corpId: number, id: number, signerId: number) {
      const [row] = await db
        .update(signTasks)
        .set({ wecomSpNo: '' })
        .where(columnsEqual(signTasks, { corpId, id, status: 'rejected', signerId, wecomSpNo: null }))
        .returning({ id: signTasks.id });
      return row;
    },
    setApproval: (corpId: number, id: number, spNo: string | null) =>
      db
        .update(signTasks)
        .set({ wecomSpNo: spNo })
        .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, id))),

    async findStaff(corpId: number, id: number) {
      const [row] = await db
        .select({ id: staff.id, teamId: staff.teamId, jobs: staff.jobs, wxworkId: staff.wxworkId })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id), eq(staff.isActive, true)))
        .limit(1);
      return row;
    },
  };
}

export type SignRepository = ReturnType<typeof createSignRepository>;
export type TaskRow = NonNullable<Awaited<ReturnType<SignRepository['findTask']>>>;
