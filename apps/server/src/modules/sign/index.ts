import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { signTasks } from '../../db/schema/sign.ts';

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

/** Whether the signing centre has (had) a task for this home-loan client. */
export async function hasSignTask(ex: Executor, corpId: number, about: { houseClientId: number }) {
  const [row] = await ex
    .select({ id: signTasks.id })
    .from(signTasks)
    .where(and(eq(signTasks.corpId, corpId), eq(signTasks.houseClientId, about.houseClientId)))
    .limit(1);
  return row !== undefined;
}

/** Home badge: the company's tasks in one status (open for the centre, rejected for the approver). */
export const signTasksBadge = (corpId: number, status: 'open' | 'rejected') =>
  // The status is one of two constants, written as a literal so a partial index on it matches any plan.
  sql`(select count(*)::int from ${signTasks} where ${and(eq(signTasks.corpId, corpId), sql`${signTasks.status} = ${sql.raw(status === 'open' ? "'open'" : "'rejected'")}`)})`;
