import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  houseBrokerageUsers,
  houseChannels,
  houseClients,
  houseOwnerEvents,
  houseRecommends,
} from '../../db/schema/house.ts';

/*
 * Home loans' side of a staff handover (decision 066): the person's home-loan clients (with the colleague's
 * team), channels, brokerage receivers (a channel's agents among them) and recommendations go to the
 * colleague; clients and channels write their owner event as allotHouse does. With no colleague (the
 * cases went to the pool, which holds instalment cases only) they are listed and stay.
 */
export async function handOverHouse(
  tx: Tx,
  corpId: number,
  fromId: number,
  to: { id: number; teamId: number | null } | null,
  actorId: number,
  at: Date,
) {
  type Named = { id: number; name: string };
  const move = async (
    table: PgTable & { id: PgColumn; name: PgColumn; corpId: PgColumn },
    owner: PgColumn,
    values: Record<string, unknown>,
    extra?: SQL,
  ): Promise<Named[]> => {
    const where = and(eq(table.corpId, corpId), eq(owner, fromId), extra);
    const rows = (
      to === null
        ? await tx.select({ id: table.id, name: table.name }).from(table).where(where).orderBy(asc(table.id))
        : await tx.update(table).set(values).where(where).returning({ id: table.id, name: table.name })
    ) as Named[];
    return rows.sort((a, b) => a.id - b.id);
  };
  const clients = await move(
    houseClients,
    houseClients.ownerId,
    { ownerId: to?.id, teamId: to?.teamId ?? null },
    isNull(houseClients.deletedAt),
  );
  const channels = await move(houseChannels, houseChannels.ownerId, { ownerId: to?.id });
  const receivers = await move(houseBrokerageUsers, houseBrokerageUsers.ownerId, { ownerId: to?.id });
  const recommends = await move(houseRecommends, houseRecommends.staffId, { staffId: to?.id });
  if (to !== null) {
    const events = [
      ...clients.map((c) => ({ subject: 'client' as const, subjectId: c.id })),
      ...channels.map((c) => ({ subject: 'channel' as const, subjectId: c.id })),
    ].map((e) => ({ ...e, corpId, fromStaffId: fromId, toStaffId: to.id, actorId, createdAt: at }));
    if (events.length > 0) await tx.insert(houseOwnerEvents).values(events);
  }
  return { clients, channels, receivers, recommends };
}
