import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { outsideInvites, outsidePartners } from '../../db/schema/outside.ts';

/*
 * Outside partners' side of a staff handover (decision 066): the partners in the person's network (those they
 * invited, and the partners those invited) join the colleague's network, and with them their referrals. The
 * person's invite code goes to the colleague when the colleague has none, so a link already shared still
 * lands in a live network.
 */
export async function handOverPartners(tx: Tx, corpId: number, fromId: number, toId: number | null) {
  const theirs = and(eq(outsidePartners.corpId, corpId), eq(outsidePartners.staffId, fromId));
  const partners =
    toId === null
      ? await tx
          .select({ id: outsidePartners.id, name: outsidePartners.name })
          .from(outsidePartners)
          .where(theirs)
          .orderBy(asc(outsidePartners.id))
      : await tx
          .update(outsidePartners)
          .set({ staffId: toId })
          .where(theirs)
          .returning({ id: outsidePartners.id, name: outsidePartners.name });
  let inviteMoved = false;
  if (toId !== null) {
    const moved = await tx
      .update(outsideInvites)
      .set({ staffId: toId })
      .where(
        and(
          eq(outsideInvites.corpId, corpId),
          eq(outsideInvites.staffId, fromId),
          sql`not exists (select 1 from outside_invites o where o.corp_id = ${corpId} and o.staff_id = ${toId})`,
        ),
      )
      .returning({ code: outsideInvites.code });
    inviteMoved = moved.length > 0;
  }
  return { partners: partners.sort((a, b) => a.id - b.id), inviteMoved };
}
