import { and, asc, desc, eq, getTableColumns, gt, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp, lockInCorp } from '../../db/find-in-corp.ts';
import { columnsEqual, firstWhere } from '../../db/rows-where.ts';
import { keyset } from '../../db/keyset.ts';
import { esignEvents, esignOrders, esignSessions, esignTemplates } from '../../db/schema/esign.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import { ESIGN_ORDERS_PII, sealValues } from '../../pii/fields.ts';

type Executor = Db | Tx;
export type EsignOrderRow = typeof esignOrders.$inferSelect;
export type NewEsignOrder = typeof esignOrders.$inferInsert;
export type EsignEventRow = typeof esignEvents.$inferSelect;
export type NewEsignEvent = typeof esignEvents.$inferInsert;
export type Transaction = Tx;

/** The only SQL over the e-sign tables; every function takes the company first (the link token aside). */
export function createEsignRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    templates: (corpId: number) =>
      db
        .select()
        .from(esignTemplates)
        .where(and(eq(esignTemplates.corpId, corpId), eq(esignTemplates.active, 1)))
        .orderBy(asc(esignTemplates.id)),

    async companyName(corpId: number): Promise<string> {
      const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, corpId));
      return row?.name ?? '';
    },

    /** Days an unsigned order of the company lives (its esign_expiry_days, issue 48). */
    async expiryDays(corpId: number): Promise<number> {
      const [row] = await db
        .select({ days: companies.esignExpiryDays })
        .from(companies)
        .where(eq(companies.id, corpId));
      return row?.days ?? 7;
    },

    /**
     * The unsigned orders of every company, soonest to expire first (index esign_orders_open_expiry): what the
     * hourly sweep expires or reminds.
     */
    openOrders: (limit: number) =>
      db
        .select()
        .from(esignOrders)
        .where(and(eq(esignOrders.status, 'sent'), isNotNull(esignOrders.linkExpiresAt)))
        .orderBy(asc(esignOrders.linkExpiresAt))
        .limit(limit),

    /** A staff member's team, for a leader's view of the team's orders (the org kernel). */
    async teamOf(corpId: number, staffId: number): Promise<number | null> {
      return (await findInCorp(db, staff, { teamId: staff.teamId }, corpId, staffId))?.teamId ?? null;
    },

    async insertOrder(tx: Tx, values: NewEsignOrder): Promise<EsignOrderRow> {
      const [row] = await tx
        .insert(esignOrders)
        .values(await sealValues(tx, values.corpId, ESIGN_ORDERS_PII, values))
        .returning();
      if (!row) throw new Error('esign order not inserted');
      return row;
    },

    async findOrder(corpId: number, id: number, ex: Executor = db): Promise<EsignOrderRow | undefined> {
      const [row] = await ex
        .select()
        .from(esignOrders)
        .where(and(eq(esignOrders.corpId, corpId), eq(esignOrders.id, id)));
      return row;
    },

    /** The case's open order (status sent), if any: there is at most one (esign_orders_one_open). */
    async openOrderOf(corpId: number, clientId: number): Promise<EsignOrderRow | undefined> {
      const [row] = await db
        .select()
        .from(esignOrders)
        .where(and(eq(esignOrders.corpId, corpId), eq(esignOrders.clientId, clientId), eq(esignOrders.status, 'sent')));
      return row;
    },

    /** The order a live signing link names (by the SHA-256 of its token). */
    async findOrderByLink(tokenHash: string): Promise<EsignOrderRow | undefined> {
      const [row] = await db.select().from(esignOrders).where(eq(esignOrders.linkTokenHash, tokenHash));
      return row;
    },

    /** Locks an order's row until the transaction ends: events are appended one at a time per order. */
    lockOrder: (tx: Tx, corpId: number, id: number): Promise<EsignOrderRow | undefined> =>
      lockInCorp(tx, esignOrders, getTableColumns(esignOrders), corpId, id),

    /** Updates an order; with `onlyIf`, only while it still has that status. */
    async updateOrder(
      tx: Tx,
      corpId: number,
      id: number,
      set: Partial<NewEsignOrder>,
      onlyIf?: EsignOrderRow['status'],
    ) {
      return tx
        .update(esignOrders)
        .set(await sealValues(tx, corpId, ESIGN_ORDERS_PII, set))
        .where(columnsEqual(esignOrders, { corpId, id, status: onlyIf || undefined }))
        .returning({ id: esignOrders.id });
    },

    insertEvent: (tx: Tx, values: NewEsignEvent) => tx.insert(esignEvents).values(values),

    events: (corpId: number, orderId: number, ex: Executor = db) =>
      ex
        .select()
        .from(esignEvents)
        .where(and(eq(esignEvents.corpId, corpId), eq(esignEvents.orderId, orderId)))
        .orderBy(asc(esignEvents.seq)),

    /** Newest first, keyset on id: the orders of the given staff (one, or a leader's team). */
    list(input: {
      corpId: number;
      staffId: number;
      teamId: number | null;
      cursor: number | null;
      limit: number;
      status?: EsignOrderRow['status'];
    }) {
      const mine = input.teamId
        ? sql`${esignOrders.staffId} in (select ${staff.id} from ${staff} where ${staff.corpId} = ${input.corpId} and ${staff.teamId} = ${input.teamId})`
        : eq(esignOrders.staffId, input.staffId);
      return keyset(input, esignOrders.id, (limit, before) =>
        db
          .select()
          .from(esignOrders)
          .where(
            and(
              eq(esignOrders.corpId, input.corpId),
              mine,
              before,
              input.status ? eq(esignOrders.status, input.status) : undefined,
            ),
          )
          .orderBy(desc(esignOrders.id))
          .limit(limit),
      );
    },

    findBySealedHash: (corpId: number, hash: string): Promise<EsignOrderRow | undefined> =>
      firstWhere(db, esignOrders, and(eq(esignOrders.corpId, corpId), eq(esignOrders.sealedSha256, hash))),

    /**
     * The sealed order whose document is exactly these bytes, in whichever company, with its company's name: the
     * public verify page's one lookup (issue 48). Only a SHA-256 of a whole file finds a row, so nothing can be
     * listed or guessed through it.
     */
    async findAnySealed(hash: string): Promise<(EsignOrderRow & { companyName: string }) | undefined> {
      const [row] = await db
        .select({ order: esignOrders, companyName: companies.name })
        .from(esignOrders)
        .innerJoin(companies, eq(companies.id, esignOrders.corpId))
        .where(and(eq(esignOrders.sealedSha256, hash), eq(esignOrders.status, 'signed')))
        .limit(1);
      return row && { ...row.order, companyName: row.companyName };
    },

    insertSession: (tx: Tx, values: typeof esignSessions.$inferInsert) => tx.insert(esignSessions).values(values),

    findSession: (tokenHash: string, at: Date) =>
      firstWhere(db, esignSessions, and(eq(esignSessions.tokenHash, tokenHash), gt(esignSessions.expiresAt, at))),

    endSessions: (tx: Tx, corpId: number, orderId: number) =>
      tx.delete(esignSessions).where(and(eq(esignSessions.corpId, corpId), eq(esignSessions.orderId, orderId))),

    sweepSessions: (at: Date) => db.delete(esignSessions).where(lt(esignSessions.expiresAt, at)),
  };
}

export type EsignRepository = ReturnType<typeof createEsignRepository>;
