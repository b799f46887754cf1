import { and, asc, desc, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PageRequest } from '@crm/domain/api/page';
import { balanceOf, clawbackFen, nettedPayout, payableOf, type LineKind } from '@crm/domain/ledger';
import type { Db, Tx } from '../../db/client.ts';
import { keyset } from '../../db/keyset.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import {
  commissionClawbacks,
  commissionDisputes,
  commissionLines,
  commissionStatements,
} from '../../db/schema/ledger.ts';
import { caseContacts } from '../cases/index.ts';
import { brokerageReceivers, houseClientContacts } from '../house/index.ts';
import { partnersByIds } from '../outside/index.ts';

/*
 * The commission ledger's tables (decision 067). The functions taking a transaction are what other modules
 * call through index.ts, in the transaction of the business event that causes the line: an order made, paid
 * or cancelled, a case approved or returned, a home-loan signing failed.
 */

type Ex = Db | Tx;
export type ReceiverKind = 'receiver' | 'partner';
export interface Receiver {
  kind: ReceiverKind;
  id: number;
}
type NewLine = typeof commissionLines.$inferInsert;

const ofReceiver = (corpId: number, r: Receiver) =>
  and(
    eq(commissionLines.corpId, corpId),
    eq(commissionLines.receiverKind, r.kind),
    eq(commissionLines.receiverId, r.id),
  );

/**
 * Holds one receiver's account until the transaction ends, so a payout reads the balance no concurrent line
 * changes (a transaction-scoped advisory lock keyed by company, kind and id).
 */
export async function lockReceiver(tx: Tx, corpId: number, r: Receiver) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledger:${corpId}:${r.kind}:${r.id}`}))`);
}

/** A receiver's balance: the sum of their lines. */
export async function receiverBalance(ex: Ex, corpId: number, r: Receiver): Promise<number> {
  const [row] = await ex
    .select({ sum: sql<string | null>`sum(${commissionLines.amountFen})` })
    .from(commissionLines)
    .where(ofReceiver(corpId, r));
  return Number(row?.sum ?? 0);
}

export async function insertLines(tx: Tx, lines: NewLine[]) {
  if (lines.length === 0) return [];
  return tx.insert(commissionLines).values(lines).returning({ id: commissionLines.id });
}

/** The company's claw-back and statement settings. */
export async function ledgerSettings(ex: Ex, corpId: number) {
  const [row] = await ex
    .select({
      windowDays: companies.clawbackWindowDays,
      partial: companies.clawbackPartial,
      statementDay: companies.statementDay,
      partnerCommissionBp: companies.partnerCommissionBp,
    })
    .from(companies)
    .where(eq(companies.id, corpId))
    .limit(1);
  return row ?? { windowDays: 90, partial: false, statementDay: 5, partnerCommissionBp: 0 };
}

// ---- home-loan brokerage orders --------------------------------------------------------------------------

export interface OrderFacts {
  corpId: number;
  orderId: number;
  receiverId: number;
  houseClientId: number;
  amountFen: number;
  actorId: number;
  at: Date;
}

/** New brokerage orders: one accrual each. */
export const accrueOrders = (tx: Tx, orders: OrderFacts[]) =>
  insertLines(
    tx,
    orders
      .filter((o) => o.amountFen > 0)
      .map((o) => ({
        corpId: o.corpId,
        receiverKind: 'receiver' as const,
        receiverId: o.receiverId,
        kind: 'accrual' as const,
        amountFen: o.amountFen,
        dealKind: 'house' as const,
        dealId: o.houseClientId,
        orderId: o.orderId,
        actorId: o.actorId,
        createdAt: o.at,
      })),
  );

async function hasOrderLine(tx: Tx, corpId: number, orderId: number, kind: LineKind) {
  const [row] = await tx
    .select({ id: commissionLines.id })
    .from(commissionLines)
    .where(
      and(eq(commissionLines.corpId, corpId), eq(commissionLines.orderId, orderId), eq(commissionLines.kind, kind)),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * An order paid: what the receiver owes from earlier claw-backs is taken from it first (`nettedFen`), the
 * rest is the money sent (`cashFen`), under the receiver's lock. An order older than the ledger gets its
 * accrual first.
 */
export async function payOrder(tx: Tx, order: OrderFacts & { payRef: string }) {
  const receiver = { kind: 'receiver' as const, id: order.receiverId };
  await lockReceiver(tx, order.corpId, receiver);
  if (order.amountFen <= 0) return { cashFen: 0, nettedFen: 0 };
  if (!(await hasOrderLine(tx, order.corpId, order.orderId, 'accrual'))) await accrueOrders(tx, [order]);
  const payout = nettedPayout(order.amountFen, await receiverBalance(tx, order.corpId, receiver));
  await insertLines(tx, [
    {
      corpId: order.corpId,
      receiverKind: 'receiver',
      receiverId: order.receiverId,
      kind: 'payment',
      amountFen: -payout.cashFen,
      nettedFen: payout.nettedFen,
      dealKind: 'house',
      dealId: order.houseClientId,
      orderId: order.orderId,
      note: order.payRef,
      actorId: order.actorId,
      createdAt: order.at,
    },
  ]);
  return payout;
}

/** An unpaid order cancelled: its accrual lapses (a cancel line), if it was ever accrued. */
export async function cancelOrder(tx: Tx, order: OrderFacts & { note: string }) {
  if (order.amountFen <= 0 || !(await hasOrderLine(tx, order.corpId, order.orderId, 'accrual'))) return;
  await insertLines(tx, [
    {
      corpId: order.corpId,
      receiverKind: 'receiver',
      receiverId: order.receiverId,
      kind: 'cancel',
      amountFen: -order.amountFen,
      dealKind: 'house',
      dealId: order.houseClientId,
      orderId: order.orderId,
      note: order.note,
      actorId: order.actorId,
      createdAt: order.at,
    },
  ]);
}

// ---- partners' commission on instalment cases -------------------------------------------------------------

/**
 * A case a partner referred was approved: the partner earns the company's partner rate of its loan, once per
 * case. Nothing when the company pays partners nothing (rate 0).
 */
export async function accrueCaseCommission(
  tx: Tx,
  event: { corpId: number; caseId: number; partnerId: number; amountFen: number; actorId: number; at: Date },
) {
  const { partnerCommissionBp } = await ledgerSettings(tx, event.corpId);
  const fen = Number((BigInt(event.amountFen) * BigInt(partnerCommissionBp) + 5_000n) / 10_000n);
  if (fen <= 0) return null;
  const [already] = await tx
    .select({ id: commissionLines.id })
    .from(commissionLines)
    .where(
      and(
        ofReceiver(event.corpId, { kind: 'partner', id: event.partnerId }),
        eq(commissionLines.dealKind, 'case'),
        eq(commissionLines.dealId, event.caseId),
        eq(commissionLines.kind, 'accrual'),
      ),
    )
    .limit(1);
  if (already) return null;
  const [line] = await insertLines(tx, [
    {
      corpId: event.corpId,
      receiverKind: 'partner',
      receiverId: event.partnerId,
      kind: 'accrual',
      amountFen: fen,
      dealKind: 'case',
      dealId: event.caseId,
      actorId: event.actorId,
      createdAt: event.at,
    },
  ]);
  return line?.id ?? null;
}

/** Finance pays a partner's whole positive balance; a debt pays nothing. */
export async function payPartner(
  tx: Tx,
  input: { corpId: number; partnerId: number; payRef: string; actorId: number; at: Date },
) {
  const receiver = { kind: 'partner' as const, id: input.partnerId };
  await lockReceiver(tx, input.corpId, receiver);
  const paidFen = payableOf(await receiverBalance(tx, input.corpId, receiver));
  if (paidFen === 0) return { id: null, paidFen };
  const [line] = await insertLines(tx, [
    {
      corpId: input.corpId,
      receiverKind: 'partner',
      receiverId: input.partnerId,
      kind: 'payment',
      amountFen: -paidFen,
      note: input.payRef,
      actorId: input.actorId,
      createdAt: input.at,
    },
  ]);
  return { id: line?.id ?? null, paidFen };
}

// ---- a deal that fell through: claw-back proposals --------------------------------------------------------

interface DealLine {
  id: number;
  receiverKind: ReceiverKind;
  receiverId: number;
  kind: LineKind;
  amountFen: number;
  nettedFen: number;
  orderId: number | null;
  createdAt: Date;
}

/** When a partner's accrual was paid: the first payout of their balance after it, if any. */
async function partnerPaidAt(tx: Tx, corpId: number, partnerId: number, afterLineId: number) {
  const [row] = await tx
    .select({ createdAt: commissionLines.createdAt })
    .from(commissionLines)
    .where(
      and(
        ofReceiver(corpId, { kind: 'partner', id: partnerId }),
        eq(commissionLines.kind, 'payment'),
        gt(commissionLines.id, afterLineId),
      ),
    )
    .orderBy(asc(commissionLines.id))
    .limit(1);
  return row?.createdAt ?? null;
}

/**
 * A deal fell through (a case returned, a home-loan signing failed), in the transaction that records it. For
 * each receiver of the deal: commission not yet paid lapses at once (a cancel line; house orders are cancelled
 * by modules/house first); commission paid within the company's window is proposed for claw-back (all of it,
 * or pro rata with partial reversals) for finance to decide; paid longer ago, it stays paid.
 */
export async function dealFellThrough(
  tx: Tx,
  event: {
    corpId: number;
    dealKind: 'house' | 'case';
    dealId: number;
    trigger: 'case_returned' | 'house_failed';
    actorId: number;
    at: Date;
  },
) {
  const lines: DealLine[] = await tx
    .select({
      id: commissionLines.id,
      receiverKind: commissionLines.receiverKind,
      receiverId: commissionLines.receiverId,
      kind: commissionLines.kind,
      amountFen: commissionLines.amountFen,
      nettedFen: commissionLines.nettedFen,
      orderId: commissionLines.orderId,
      createdAt: commissionLines.createdAt,
    })
    .from(commissionLines)
    .where(
      and(
        eq(commissionLines.corpId, event.corpId),
        eq(commissionLines.dealKind, event.dealKind),
        eq(commissionLines.dealId, event.dealId),
      ),
    )
    .orderBy(asc(commissionLines.id));
  const settings = await ledgerSettings(tx, event.corpId);
  const receivers = new Map<string, DealLine[]>();
  for (const line of lines) {
    const key = `${line.receiverKind}:${line.receiverId}`;
    receivers.set(key, [...(receivers.get(key) ?? []), line]);
  }
  const proposed: number[] = [];
  for (const own of receivers.values()) {
    const first = own[0];
    if (!first) continue;
    const receiver = { kind: first.receiverKind, id: first.receiverId };
    const [open] = await tx
      .select({ id: commissionClawbacks.id })
      .from(commissionClawbacks)
      .where(
        and(
          eq(commissionClawbacks.corpId, event.corpId),
          eq(commissionClawbacks.receiverKind, receiver.kind),
          eq(commissionClawbacks.receiverId, receiver.id),
          eq(commissionClawbacks.dealKind, event.dealKind),
          eq(commissionClawbacks.dealId, event.dealId),
          inArray(commissionClawbacks.status, ['pending', 'approved']),
        ),
      )
      .limit(1);
    if (open) continue;
    // What the deal still counts for this receiver, and what of it was paid, and when.
    const standing = balanceOf(own.filter((l) => l.kind !== 'payment'));
    if (standing <= 0) continue;
    let paidFen = 0;
    let paidAt: Date | null = null;
    if (receiver.kind === 'receiver') {
      for (const payment of own.filter((l) => l.kind === 'payment')) {
        paidFen += -payment.amountFen + payment.nettedFen;
        paidAt = payment.createdAt;
      }
    } else {
      const accrual = own.find((l) => l.kind === 'accrual');
      paidAt = accrual ? await partnerPaidAt(tx, event.corpId, receiver.id, accrual.id) : null;
      if (paidAt) paidFen = standing;
    }
    const unpaid = standing - Math.min(paidFen, standing);
    if (unpaid > 0)
      await insertLines(tx, [
        {
          corpId: event.corpId,
          receiverKind: receiver.kind,
          receiverId: receiver.id,
          kind: 'cancel',
          amountFen: -unpaid,
          dealKind: event.dealKind,
          dealId: event.dealId,
          note: event.trigger === 'case_returned' ? '报单退单，未付返佣取消' : '签约失败，未付返佣取消',
          actorId: event.actorId,
          createdAt: event.at,
        },
      ]);
    const paid = Math.min(paidFen, standing);
    if (paid <= 0 || !paidAt) continue;
    const amountFen = clawbackFen(paid, paidAt, event.at, settings.windowDays, settings.partial);
    if (amountFen <= 0) continue;
    const [row] = await tx
      .insert(commissionClawbacks)
      .values({
        corpId: event.corpId,
        receiverKind: receiver.kind,
        receiverId: receiver.id,
        dealKind: event.dealKind,
        dealId: event.dealId,
        orderId: own.find((l) => l.orderId !== null)?.orderId ?? null,
        trigger: event.trigger,
        paidFen: paid,
        paidAt,
        amountFen,
        proposedBy: event.actorId,
        createdAt: event.at,
      })
      .returning({ id: commissionClawbacks.id });
    if (row) proposed.push(row.id);
  }
  return proposed;
}

/** A claw-back and who caused it (the access policy's maker-checker). */
export async function findClawback(ex: Ex, corpId: number, id: number) {
  const [row] = await ex
    .select({
      id: commissionClawbacks.id,
      proposedBy: commissionClawbacks.proposedBy,
      status: commissionClawbacks.status,
    })
    .from(commissionClawbacks)
    .where(and(eq(commissionClawbacks.corpId, corpId), eq(commissionClawbacks.id, id)))
    .limit(1);
  return row;
}

/** Home badge: claw-backs waiting for finance, except those the caller caused (maker-checker). */
export const pendingClawbacksBadge = (corpId: SQL | number, financeId: SQL | number) =>
  sql`(select count(*)::int from ${commissionClawbacks} where ${commissionClawbacks.corpId} = ${corpId} and ${commissionClawbacks.status} = 'pending' and ${commissionClawbacks.proposedBy} <> ${financeId})`;

// ---- what the service reads and writes ---------------------------------------------------------------------

export function createLedgerRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
    settings: (corpId: number) => ledgerSettings(db, corpId),
    /** The companies the statement sweep visits: the active ones. */
    activeCompanyIds: async () =>
      (await db.select({ id: companies.id }).from(companies).where(eq(companies.isActive, true))).map((r) => r.id),

    /** Receivers' names and the staff member who looks after each (a partner's network, a receiver's owner). */
    async receivers(corpId: number, list: Receiver[]) {
      const [receivers, partners] = await Promise.all([
        brokerageReceivers(
          db,
          corpId,
          list.filter((r) => r.kind === 'receiver').map((r) => r.id),
        ),
        partnersByIds(
          db,
          corpId,
          list.filter((r) => r.kind === 'partner').map((r) => r.id),
        ),
      ]);
      return (r: Receiver) => {
        if (r.kind === 'receiver') {
          const found = receivers.get(r.id);
          return found && { name: found.name, staffId: found.ownerId };
        }
        const found = partners.get(r.id);
        return found && { name: found.name, staffId: found.staffId };
      };
    },

    /** The names of the deals' clients (home-loan clients, instalment cases). */
    async clientNames(corpId: number, lines: { dealKind: 'house' | 'case' | null; dealId: number | null }[]) {
      const ids = (kind: 'house' | 'case') =>
        lines.flatMap((l) => (l.dealKind === kind && l.dealId !== null ? [l.dealId] : []));
      const [houses, cases] = await Promise.all([
        houseClientContacts(db, corpId, ids('house')),
        caseContacts(db, corpId, ids('case')),
      ]);
      return (line: { dealKind: 'house' | 'case' | null; dealId: number | null }) =>
        line.dealId === null
          ? ''
          : ((line.dealKind === 'house' ? houses.get(line.dealId) : cases.get(line.dealId))?.name ?? '');
    },
    companyName: async (corpId: number) => {
      const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, corpId)).limit(1);
      return row?.name ?? '';
    },
    balance: (corpId: number, r: Receiver) => receiverBalance(db, corpId, r),

    listLines: (corpId: number, r: Receiver, page: PageRequest) =>
      keyset(page, commissionLines.id, (limit, before) =>
        db
          .select()
          .from(commissionLines)
          .where(and(ofReceiver(corpId, r), before))
          .orderBy(desc(commissionLines.id))
          .limit(limit),
      ),

    /** Every line of a receiver up to `end`, oldest first: a statement's arithmetic. */
    linesUntil: (corpId: number, r: Receiver, end: Date) =>
      db
        .select()
        .from(commissionLines)
        .where(and(ofReceiver(corpId, r), lt(commissionLines.createdAt, end)))
        .orderBy(asc(commissionLines.id)),

    /** Receivers with any line before `end`: who gets a statement of the month ending there. */
    receiversUntil: (corpId: number, end: Date) =>
      db
        .selectDistinct({ kind: commissionLines.receiverKind, id: commissionLines.receiverId })
        .from(commissionLines)
        .where(and(eq(commissionLines.corpId, corpId), lt(commissionLines.createdAt, end))),

    listClawbacks: (corpId: number, status: 'pending' | 'approved' | 'rejected', page: PageRequest) =>
      keyset(page, commissionClawbacks.id, (limit, before) =>
        db
          .select({
            ...commissionClawbacksColumns,
            proposedByName: staff.name,
          })
          .from(commissionClawbacks)
          .innerJoin(staff, eq(staff.id, commissionClawbacks.proposedBy))
          .where(and(eq(commissionClawbacks.corpId, corpId), eq(commissionClawbacks.status, status), before))
          .orderBy(desc(commissionClawbacks.id))
          .limit(limit),
      ),

    staffNames: async (corpId: number, ids: number[]) => {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), inArray(staff.id, [...new Set(ids)])));
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /**
     * Finance decides a pending claw-back: the conditional update lets exactly one decision through, and an
     * approval writes its reversal line in the same transaction (one per claw-back, by a unique index too).
     */
    decideClawback: (
      corpId: number,
      input: { id: number; status: 'approved' | 'rejected'; remark: string; actorId: number; at: Date },
    ) =>
      db.transaction(async (tx) => {
        const [decided] = await tx
          .update(commissionClawbacks)
          .set({ status: input.status, remark: input.remark, decidedBy: input.actorId, decidedAt: input.at })
          .where(
            and(
              eq(commissionClawbacks.corpId, corpId),
              eq(commissionClawbacks.id, input.id),
              eq(commissionClawbacks.status, 'pending'),
            ),
          )
          .returning();
        if (!decided) return null;
        if (input.status === 'approved') {
          await lockReceiver(tx, corpId, { kind: decided.receiverKind, id: decided.receiverId });
          await insertLines(tx, [
            {
              corpId,
              receiverKind: decided.receiverKind,
              receiverId: decided.receiverId,
              kind: 'reversal',
              amountFen: -decided.amountFen,
              dealKind: decided.dealKind,
              dealId: decided.dealId,
              orderId: decided.orderId,
              clawbackId: decided.id,
              note: input.remark,
              actorId: input.actorId,
              createdAt: input.at,
            },
          ]);
        }
        return decided;
      }),

    payPartner: (input: Parameters<typeof payPartner>[1]) => db.transaction((tx) => payPartner(tx, input)),

    // ---- statements
    findStatement: async (corpId: number, id: number) => {
      const [row] = await db
        .select()
        .from(commissionStatements)
        .where(and(eq(commissionStatements.corpId, corpId), eq(commissionStatements.id, id)))
        .limit(1);
      return row;
    },

    listStatements: (corpId: number, only: Receiver | null, period: string | undefined, page: PageRequest) =>
      keyset(page, commissionStatements.id, (limit, before) =>
        db
          .select({
            ...statementSummaryColumns,
            // Spelled out: inside the subquery an unqualified "id" would be the dispute's own.
            openDisputes: sql<number>`(select count(*)::int from commission_disputes d where d.corp_id = ${corpId} and d.statement_id = "commission_statements"."id" and d.answered_at is null)`,
          })
          .from(commissionStatements)
          .where(
            and(
              eq(commissionStatements.corpId, corpId),
              only ? eq(commissionStatements.receiverKind, only.kind) : undefined,
              only ? eq(commissionStatements.receiverId, only.id) : undefined,
              period ? eq(commissionStatements.period, period) : undefined,
              before,
            ),
          )
          .orderBy(desc(commissionStatements.id))
          .limit(limit),
      ),

    hasStatements: async (corpId: number, period: string) => {
      const [row] = await db
        .select({ id: commissionStatements.id })
        .from(commissionStatements)
        .where(and(eq(commissionStatements.corpId, corpId), eq(commissionStatements.period, period)))
        .limit(1);
      return row !== undefined;
    },

    /** Issues statements; one per receiver and month (a unique index), so issuing twice adds nothing. */
    insertStatements: async (rows: (typeof commissionStatements.$inferInsert)[]) => {
      if (rows.length === 0) return 0;
      const inserted = await db
        .insert(commissionStatements)
        .values(rows)
        .onConflictDoNothing()
        .returning({ id: commissionStatements.id });
      return inserted.length;
    },

    disputes: (corpId: number, statementId: number) =>
      db
        .select()
        .from(commissionDisputes)
        .where(and(eq(commissionDisputes.corpId, corpId), eq(commissionDisputes.statementId, statementId)))
        .orderBy(asc(commissionDisputes.id)),

    insertDispute: async (values: typeof commissionDisputes.$inferInsert) => {
      const [row] = await db.insert(commissionDisputes).values(values).returning({ id: commissionDisputes.id });
      return row?.id ?? 0;
    },

    findDispute: async (corpId: number, id: number) => {
      const [row] = await db
        .select()
        .from(commissionDisputes)
        .where(and(eq(commissionDisputes.corpId, corpId), eq(commissionDisputes.id, id)))
        .limit(1);
      return row;
    },

    answerDispute: async (corpId: number, id: number, answer: string, actorId: number, at: Date) => {
      const [row] = await db
        .update(commissionDisputes)
        .set({ answer, answeredBy: actorId, answeredAt: at })
        .where(
          and(
            eq(commissionDisputes.corpId, corpId),
            eq(commissionDisputes.id, id),
            isNull(commissionDisputes.answeredAt),
          ),
        )
        .returning({ id: commissionDisputes.id });
      return row?.id ?? null;
    },
  };
}

const commissionClawbacksColumns = {
  id: commissionClawbacks.id,
  receiverKind: commissionClawbacks.receiverKind,
  receiverId: commissionClawbacks.receiverId,
  dealKind: commissionClawbacks.dealKind,
  dealId: commissionClawbacks.dealId,
  orderId: commissionClawbacks.orderId,
  trigger: commissionClawbacks.trigger,
  paidFen: commissionClawbacks.paidFen,
  paidAt: commissionClawbacks.paidAt,
  amountFen: commissionClawbacks.amountFen,
  status: commissionClawbacks.status,
  proposedBy: commissionClawbacks.proposedBy,
  decidedBy: commissionClawbacks.decidedBy,
  remark: commissionClawbacks.remark,
  createdAt: commissionClawbacks.createdAt,
};

const statementSummaryColumns = {
  id: commissionStatements.id,
  receiverKind: commissionStatements.receiverKind,
  receiverId: commissionStatements.receiverId,
  receiverName: commissionStatements.receiverName,
  period: commissionStatements.period,
  openingFen: commissionStatements.openingFen,
  creditsFen: commissionStatements.creditsFen,
  debitsFen: commissionStatements.debitsFen,
  closingFen: commissionStatements.closingFen,
  payableFen: commissionStatements.payableFen,
  payOn: commissionStatements.payOn,
  issuedAt: commissionStatements.issuedAt,
  lineCount: sql<number>`jsonb_array_length(${commissionStatements.lines})`,
};

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
