import { and, asc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { clients, followUps } from '../../db/schema/cases.ts';

/*
 * Cases' side of a staff handover (decision 066): the cases a person holds, locked in id order (the order a
 * pool claim's row lock meets them in, so a handover and a claim never wait on each other in a circle), and
 * their open follow-ups moved to the new owner or closed.
 */

/** The live, owned (not pooled) cases of a person, locked until the transaction ends, in id order. */
export function lockCasesHeldBy(tx: Tx, corpId: number, staffId: number) {
  return tx
    .select({ id: clients.id, name: clients.name, status: clients.status, teamId: clients.teamId })
    .from(clients)
    .where(
      and(
        eq(clients.corpId, corpId),
        eq(clients.ownerId, staffId),
        isNull(clients.pooledAt),
        isNull(clients.deletedAt),
      ),
    )
    .orderBy(asc(clients.id))
    .for('update');
}

/**
 * The person's open follow-ups: on the cases in `movedTo.caseIds` they go to the new owner (unless the new
 * owner already has their own open one there: then the old one is closed, one next step per person and
 * case); every other open follow-up of theirs is closed. Answers the moved and the closed, with the case.
 */
export async function handOverFollowUps(
  tx: Tx,
  corpId: number,
  fromId: number,
  movedTo: { toId: number; caseIds: number[] } | null,
  at: Date,
) {
  const mine = and(eq(followUps.corpId, corpId), eq(followUps.staffId, fromId), isNull(followUps.doneAt));
  const named = { id: followUps.id, clientId: followUps.clientId, name: clients.name };
  let moved: { id: number; clientId: number }[] = [];
  if (movedTo && movedTo.caseIds.length > 0)
    moved = await tx
      .update(followUps)
      .set({ staffId: movedTo.toId })
      .where(
        and(
          mine,
          inArray(followUps.clientId, movedTo.caseIds),
          sql`not exists (select 1 from follow_ups g where g.corp_id = ${corpId} and g.client_id = ${followUps.clientId} and g.staff_id = ${movedTo.toId} and g.done_at is null)`,
        ),
      )
      .returning({ id: followUps.id, clientId: followUps.clientId });
  const closedIds = await tx
    .update(followUps)
    .set({ doneAt: at })
    .where(
      moved.length > 0
        ? and(
            mine,
            notInArray(
              followUps.id,
              moved.map((f) => f.id),
            ),
          )
        : mine,
    )
    .returning({ id: followUps.id });
  const closed =
    closedIds.length === 0
      ? []
      : await tx
          .select(named)
          .from(followUps)
          .innerJoin(clients, eq(clients.id, followUps.clientId))
          .where(
            and(
              eq(followUps.corpId, corpId),
              inArray(
                followUps.id,
                closedIds.map((f) => f.id),
              ),
            ),
          )
          .orderBy(asc(followUps.id));
  return { moved: moved.length, closed };
}
