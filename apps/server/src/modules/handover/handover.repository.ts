import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { staffHandovers } from '../../db/schema/handover.ts';
import { staff } from '../../db/schema/staff.ts';

/** The handover's own table (staff_handovers) and the staff rows it reads from the org kernel. */
export function createHandoverRepository(db: Db) {
  const person = {
    id: staff.id,
    name: staff.name,
    teamId: staff.teamId,
    jobs: staff.jobs,
    isActive: staff.isActive,
    wxworkId: staff.wxworkId,
  };
  const fromStaff = alias(staff, 'from_staff');
  const toStaff = alias(staff, 'to_staff');
  return {
    db,
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /** A staff member of the company, locked until the transaction ends: two handovers of one person queue. */
    lockPerson: (tx: Tx, corpId: number, id: number) =>
      tx
        .select(person)
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id)))
        .for('update')
        .then((rows) => rows[0]),
    person: (ex: Db | Tx, corpId: number, id: number) =>
      ex
        .select(person)
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id)))
        .then((rows) => rows[0]),

    insert: (tx: Tx, values: typeof staffHandovers.$inferInsert) =>
      tx
        .insert(staffHandovers)
        .values(values)
        .returning({ id: staffHandovers.id })
        .then((rows) => rows[0]!.id),

    update: (
      ex: Db | Tx,
      corpId: number,
      id: number,
      values: Partial<Pick<typeof staffHandovers.$inferInsert, 'moved' | 'unmoved' | 'wecom' | 'checkedAt'>>,
    ) =>
      ex
        .update(staffHandovers)
        .set(values)
        .where(and(eq(staffHandovers.corpId, corpId), eq(staffHandovers.id, id))),

    /** One handover of the company with the names of both people. */
    find: (ex: Db | Tx, corpId: number, id: number) =>
      ex
        .select({ row: staffHandovers, fromName: fromStaff.name, toName: toStaff.name })
        .from(staffHandovers)
        .innerJoin(fromStaff, eq(fromStaff.id, staffHandovers.fromId))
        .leftJoin(toStaff, eq(toStaff.id, staffHandovers.toId))
        .where(and(eq(staffHandovers.corpId, corpId), eq(staffHandovers.id, id)))
        .then((rows) => rows[0]),
  };
}

export type HandoverRepository = ReturnType<typeof createHandoverRepository>;
export type HandoverRow = typeof staffHandovers.$inferSelect;
