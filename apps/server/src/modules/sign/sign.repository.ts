import { and, asc, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { staff } from '../../db/schema/staff.ts';
import { signTaskEvents } from '../../db/schema/sign.ts';
import { clients } from '../../db/schema/cases.ts';
import { houseClients } from '../../db/schema/house.ts';
import { signTasks } from '../../db/schema/sign.ts';

export type SignStatus = (typeof signTasks.status.enumValues)[number];

const signer = alias(staff, 'signer');
const actor = alias(staff, 'actor');

const taskColumns = {
  id: signTasks.id,
  clientId: signTasks.clientId,
  houseClientId: signTasks.houseClientId,
  // A task is about a case or a home-loan client: whichever is set names the person.
  clientName: sql<string>`coalesce(${clients.name}, ${houseClients.name}, '')`,
  clientPhone: sql<string>`coalesce(${clients.phone}, ${houseClients.phone}, '')`,
  bank: houseClients.bank,
  loanAmountFen: houseClients.loanAmountFen,
  status: signTasks.status,
  signerId: signTasks.signerId,
  signerName: signer.name,
  signerTeamId: signer.teamId,
  appointmentAt: signTasks.appointmentAt,
  place: signTasks.place,
  outcomeNote: signTasks.outcomeNote,
  wecomSpNo: signTasks.wecomSpNo,
  createdAt: signTasks.createdAt,
};

export interface TaskFilter {
  corpId: number;
  status?: SignStatus;
  signerId?: number;
  kind?: 'case' | 'house' | undefined;
}

export function createSignRepository(db: Db) {
  const selectTasks = (executor: Db | Tx = db) =>
    executor
      .select(taskColumns)
      .from(signTasks)
      .leftJoin(clients, eq(clients.id, signTasks.clientId))
      .leftJoin(houseClients, eq(houseClients.id, signTasks.houseClientId))
      .leftJoin(signer, eq(signer.id, signTasks.signerId));

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /**
     * One keyset page: the open pool oldest first (first come, first served) after `cursor`, any other
     * list newest first before it. Tasks colleagues take meanwhile leave the pool without shifting the
     * rest, which an offset would (the next page would skip as many tasks as were taken).
     */
    listTasks(filter: TaskFilter, cursor: number | null, size: number) {
      const isPool = filter.status === 'open';
      const where: (SQL | undefined)[] = [eq(signTasks.corpId, filter.corpId)];
      if (filter.status) where.push(eq(signTasks.status, filter.status));
      if (filter.signerId !== undefined) where.push(eq(signTasks.signerId, filter.signerId));
      if (filter.kind === 'house') where.push(sql`${signTasks.houseClientId} is not null`);
      if (filter.kind === 'case') where.push(sql`${signTasks.clientId} is not null`);
      if (cursor !== null) where.push(isPool ? gt(signTasks.id, cursor) : lt(signTasks.id, cursor));
      return selectTasks()
        .where(and(...where))
        // Open tasks oldest first (first come, first served); a signer's own newest first.
        .orderBy(isPool ? asc(signTasks.id) : desc(signTasks.id))
        .limit(size + 1);
    },

    async findTask(corpId: number, id: number) {
      const [row] = await selectTasks()
        .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, id)))
        .limit(1);
      return row;
    },

    events: (corpId: number, taskId: number) =>
      db
        .select({
          actorName: actor.name,
          fromStatus: signTaskEvents.fromStatus,
          toStatus: signTaskEvents.toStatus,
          reason: signTaskEvents.reason,
          createdAt: signTaskEvents.createdAt,
        })
        .from(signTaskEvents)
        .innerJoin(actor, eq(actor.id, signTaskEvents.actorId))
        .where(and(eq(signTaskEvents.corpId, corpId), eq(signTaskEvents.taskId, taskId)))
        .orderBy(asc(signTaskEvents.id)),

    /**
     * First come, first served: the update only matches while the task is still open and nobody holds
     * it, so of two signers taking it at once exactly one gets the row back.
     */
    async take(tx: Tx, corpId: number, id: number, signerId: number, at: Date) {
      const [row] = await tx
        .update(signTasks)
        .set({ status: 'taken', signerId, takenAt: at })
        .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, id), eq(signTasks.status, 'open'), isNull(signTasks.signerId)))
        .returning({ id: signTasks.id });
      return row;
    },

    /** Moves a task from `from` to `to` only if it is still in `from` (and held by `signerId` when given). */
    async move(
      tx: Tx,
      where: { corpId: number; id: number; from: SignStatus; signerId?: number },
      values: Partial<typeof signTasks.$inferInsert> & { status: SignStatus },
    ) {
      const [row] = await tx
        .update(signTasks)
        .set(values)
        .where(
          and(
            eq(signTasks.corpId, where.corpId),
            eq(signTasks.id, where.id),
            eq(signTasks.status, where.from),
            where.signerId === undefined ? undefined : eq(signTasks.signerId, where.signerId),
          ),
        )
        .returning({ id: signTasks.id, houseClientId: signTasks.houseClientId });
      return row;
    },

    insertEvent: (tx: Tx, values: typeof signTaskEvents.$inferInsert) => tx.insert(signTaskEvents).values(values),

    setHouseClientStatus: (tx: Tx, corpId: number, houseClientId: number, status: number) =>
      tx.update(houseClients).set({ status }).where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, houseClientId))),

    /** Claims the right to send the WeCom approval: only one caller sees the placeholder go in. */
    async claimApproval(corpId: number, id: number, signerId: number) {
      const [row] = await db
        .update(signTasks)
        .set({ wecomSpNo: '' })
        .where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, id), eq(signTasks.status, 'rejected'), eq(signTasks.signerId, signerId), isNull(signTasks.wecomSpNo)))
        .returning({ id: signTasks.id });
      return row;
    },
    setApproval: (corpId: number, id: number, spNo: string | null) =>
      db.update(signTasks).set({ wecomSpNo: spNo }).where(and(eq(signTasks.corpId, corpId), eq(signTasks.id, id))),

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
