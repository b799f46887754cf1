import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { HOUSE_STATUS } from '@crm/domain/house';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { countWhere } from '../../db/rows-where.ts';
import {
  houseAudits,
  houseBrokerageOrders,
  houseBrokerageUsers,
  houseChannels,
  houseClients,
  houseRecommends,
} from '../../db/schema/house.ts';
import type { Bound } from '../../db/bound.ts';
import { orderPaymentColumns } from './house.repository.ts';
import { cancelOrder, dealFellThrough } from '../ledger/index.ts';
import { sealerOf } from '../../pii/fields.ts';

/*
 * The public surface of modules/house: home-loan clients and their brokerage audits as other modules
 * (the access policy, the signing centre, the home badges) may see and change them. Each function takes
 * the executor (the database or the caller's transaction) and the company first.
 */

type Executor = Db | Tx;
export { findHouseClient } from './house.repository.ts';
export type { ClientRow as HouseClientRow } from './house.repository.ts';
export { handOverHouse } from './handover.repository.ts';
export { eraseHouseClients, houseClientsOfSubject, type SubjectHouseClient } from './retention.repository.ts';

/** A channel and its salesperson. */
export const findHouseChannel = (ex: Executor, corpId: number, id: number) =>
  findInCorp(ex, houseChannels, { id: houseChannels.id, ownerId: houseChannels.ownerId }, corpId, id);

/** A recommendation and who recorded it (its `ownerId` for the access policy). */
export const findHouseRecommend = (ex: Executor, corpId: number, id: number) =>
  findInCorp(ex, houseRecommends, { id: houseRecommends.id, ownerId: houseRecommends.staffId }, corpId, id);

/** An over-limit brokerage audit: who asked for it (maker-checker) and its state. */
export const findHouseAudit = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    houseAudits,
    {
      id: houseAudits.id,
      houseClientId: houseAudits.houseClientId,
      requestedBy: houseAudits.requestedBy,
      status: houseAudits.status,
    },
    corpId,
    id,
  );

/** What a signing task shows of its home-loan clients: name, phone, bank and loan. */
export async function houseClientContacts(ex: Executor, corpId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; phone: string; bank: string; loanAmountFen: number }>();
  const rows = await ex
    .select({
      id: houseClients.id,
      name: houseClients.name,
      phone: houseClients.phone,
      bank: houseClients.bank,
      loanAmountFen: houseClients.loanAmountFen,
    })
    .from(houseClients)
    .where(and(eq(houseClients.corpId, corpId), inArray(houseClients.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...contact }) => [id, contact]));
}

const setStatus = (tx: Tx, corpId: number, id: number, status: number) =>
  tx
    .update(houseClients)
    .set({ status })
    .where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, id)));

/** The signing centre signed the client (in the signer's transaction); the month it counts in a channel's ranking. */
export const markHouseSigned = (tx: Tx, corpId: number, id: number, at: Date) =>
  tx
    .update(houseClients)
    .set({ status: HOUSE_STATUS.SIGNED, signedAt: at })
    .where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, id)));

/**
 * The rejection approver confirmed a failed signing (in the approver's transaction): the deal fell through, so
 * its waiting brokerage orders are cancelled and the paid ones proposed for claw-back (decision 067).
 */
export async function markHouseSignFailed(tx: Tx, corpId: number, id: number, by: { actorId: number; at: Date }) {
  await setStatus(tx, corpId, id, HOUSE_STATUS.FAILED);
  const cancelled = await tx
    .update(houseBrokerageOrders)
    .set({ status: 3, decidedBy: by.actorId, decidedAt: by.at, remark: '签约失败，自动取消' })
    .where(
      and(
        eq(houseBrokerageOrders.corpId, corpId),
        eq(houseBrokerageOrders.houseClientId, id),
        eq(houseBrokerageOrders.status, 1),
      ),
    )
    .returning();
  for (const order of cancelled)
    await cancelOrder(tx, {
      corpId,
      orderId: order.id,
      receiverId: order.brokerageUserId,
      houseClientId: id,
      amountFen: order.amountFen,
      actorId: by.actorId,
      at: by.at,
      note: order.remark,
    });
  await dealFellThrough(tx, { corpId, dealKind: 'house', dealId: id, trigger: 'house_failed', ...by });
}

/**
 * Home badge: clients waiting on the steward, and the channel agents' referrals no steward has taken yet
 * (decision 052), which every steward of the company may take (a scalar subquery).
 */
export const waitingForStewardBadge = (corpId: Bound<number>, stewardId: Bound<number>) =>
  sql`(select count(*)::int from ${houseClients} where ${and(
    eq(houseClients.corpId, corpId),
    isNull(houseClients.deletedAt),
    or(
      and(eq(houseClients.stewardId, stewardId), sql`${houseClients.stewardStatus} = 'waiting'`),
      and(isNull(houseClients.stewardId), eq(houseClients.status, HOUSE_STATUS.NEW)),
    ),
  )})`;

/** Home badge: over-limit brokerage requests waiting for home-loan finance, except the caller's own (maker-checker). */
export const pendingAuditsBadge = (corpId: Bound<number>, financeId: Bound<number>) =>
  sql`(select count(*)::int from ${houseAudits} where ${and(eq(houseAudits.corpId, corpId), sql`${houseAudits.status} = 'pending'`, ne(houseAudits.requestedBy, financeId))})`;

/** A channel's name (an activity sign-up's sharer, decision 056); undefined for another company's. */
export const findHouseChannelName = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    houseChannels,
    { id: houseChannels.id, name: houseChannels.name, ownerId: houseChannels.ownerId },
    corpId,
    id,
  );

// ---- the back office's XLSX export of brokerage orders (decision 059) -----------------------------------

const orderExportWhere = (corpId: number, status: number) =>
  and(eq(houseBrokerageOrders.corpId, corpId), status === 0 ? undefined : eq(houseBrokerageOrders.status, status));

/** How many brokerage orders of the company (of one status, or all for 0) the export writes. */
export const countOrdersForExport = (ex: Executor, corpId: number, status: number) =>
  countWhere(ex, houseBrokerageOrders, orderExportWhere(corpId, status));

/** One page of brokerage orders, oldest first after `afterId`, with the client's and receiver's names. */
export const exportOrdersPage = (ex: Executor, corpId: number, status: number, afterId: number, limit: number) =>
  ex
    .select({
      id: houseBrokerageOrders.id,
      clientName: houseClients.name,
      receiverName: houseBrokerageUsers.name,
      receiverPhone: houseBrokerageUsers.phone,
      ...orderPaymentColumns,
    })
    .from(houseBrokerageOrders)
    .innerJoin(houseClients, eq(houseClients.id, houseBrokerageOrders.houseClientId))
    .innerJoin(houseBrokerageUsers, eq(houseBrokerageUsers.id, houseBrokerageOrders.brokerageUserId))
    .where(and(orderExportWhere(corpId, status), gt(houseBrokerageOrders.id, afterId)))
    .orderBy(asc(houseBrokerageOrders.id))
    .limit(limit);

// ---- the commission ledger's names (decision 067) ----------------------------------------------------

/** Brokerage receivers' names and the staff member who manages each (their channel's or their own owner). */
export async function brokerageReceivers(ex: Executor, corpId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; ownerId: number; channelId: number | null }>();
  const rows = await ex
    .select({
      id: houseBrokerageUsers.id,
      name: houseBrokerageUsers.name,
      ownerId: houseBrokerageUsers.ownerId,
      channelId: houseBrokerageUsers.channelId,
    })
    .from(houseBrokerageUsers)
    .where(and(eq(houseBrokerageUsers.corpId, corpId), inArray(houseBrokerageUsers.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/**
 * The company's live home-loan clients of a customer by phone, ID number, or name with a phone tail (the
 * duplicate check, decision 066), with the owner and whether a channel agent referred them. At most 20.
 */
export async function houseClientsOfCustomer(
  ex: Executor,
  corpId: number,
  who: {
    phone?: string | undefined;
    phoneTail?: string | undefined;
    idNumber?: string | undefined;
    name?: string | undefined;
  },
) {
  // The phone and ID number are sealed: matched through their blind indexes (decision 074). A tail longer than
  // four digits: its last four find the candidates, the rest is checked on the opened phone.
  const pii = await sealerOf(ex, corpId);
  const tail = who.name && who.phoneTail && who.phoneTail.length >= 4 ? who.phoneTail : undefined;
  const matches = [
    who.phone ? eq(houseClients.phoneBidx, pii.index('phone', who.phone) ?? '') : undefined,
    who.idNumber ? eq(houseClients.idNumberBidx, pii.index('id_number', who.idNumber) ?? '') : undefined,
    who.name && tail
      ? and(eq(houseClients.name, who.name), eq(houseClients.phoneLast4Bidx, pii.last4(tail) ?? ''))
      : undefined,
  ].filter((m) => m !== undefined);
  if (matches.length === 0) return [];
  const rows = await ex
    .select({
      id: houseClients.id,
      name: houseClients.name,
      phone: houseClients.phone,
      idNumber: houseClients.idNumber,
      status: houseClients.status,
      ownerId: houseClients.ownerId,
      teamId: houseClients.teamId,
      channelAgentId: houseClients.channelAgentId,
    })
    .from(houseClients)
    .where(and(eq(houseClients.corpId, corpId), isNull(houseClients.deletedAt), or(...matches)))
    .orderBy(sql`${houseClients.id} desc`)
    .limit(20);
  const found = tail
    ? rows.filter(
        (row) =>
          row.name !== who.name ||
          row.phone.endsWith(tail) ||
          (who.phone !== undefined && row.phone === who.phone) ||
          (who.idNumber !== undefined && row.idNumber === who.idNumber),
      )
    : rows;
  return found.map(({ idNumber: _idNumber, ...row }) => row);
}
