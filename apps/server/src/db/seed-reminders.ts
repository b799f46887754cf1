import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { clients, followUps } from './schema/cases.ts';
import { jobs } from './schema/reminders.ts';

/**
 * The demo's WeCom reminders (decision 058): the open follow-ups of 王小明 (1) are already due, so their cards
 * are queued as the follow-up form would have queued them; the server's worker sends them through the offline
 * WeCom within seconds of start, and 消息记录 on the home page lists them.
 */
export async function seedRemindersDemo(tx: Tx, hours: (offset: number) => Date) {
  const open = await tx
    .select({
      id: followUps.id,
      clientId: followUps.clientId,
      note: followUps.note,
      at: followUps.nextContactAt,
      name: clients.name,
    })
    .from(followUps)
    .innerJoin(clients, eq(clients.id, followUps.clientId))
    .where(and(eq(followUps.corpId, 1), eq(followUps.staffId, 1), isNull(followUps.doneAt)));
  if (open.length === 0) return;
  await tx.insert(jobs).values(
    open.map((row) => ({
      corpId: 1,
      kind: 'followup-due',
      dedupeKey: `followup-due:${row.id}`,
      recipientId: 1,
      payload: {
        title: '跟进提醒',
        description: `客户 ${row.name} 该跟进了：${row.note}`,
        path: `/business/pendingDetail/${row.clientId}`,
        followUpId: row.id,
      },
      runAt: row.at,
      createdAt: hours(-48),
    })),
  );
}
