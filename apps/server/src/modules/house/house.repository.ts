import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PageRequest } from '@crm/domain/api/page';
import { recordAudit } from '../admin/index.ts';
import { accrueOrders, cancelOrder, payOrder, type OrderFacts } from '../ledger/index.ts';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp, lockInCorp } from '../../db/find-in-corp.ts';
import { anyContains, anyWhere, columnsEqual, columnsOf } from '../../db/rows-where.ts';
import { activeStaff } from '../../db/active-staff.ts';
import { eventHistory } from '../../db/event-history.ts';
import { keyset } from '../../db/keyset.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import {
  houseAuditEvents,
  houseAudits,
  houseBrokerageOrders,
  houseBrokerageUsers,
  houseChannels,
  houseImageEvents,
  houseImages,
  houseOwnerEvents,
  houseRecommends,
} from '../../db/schema/house.ts';
import { houseClients } from '../../db/schema/house.ts';
import {
  HOUSE_BROKERAGE_USERS_PII,
  HOUSE_CHANNELS_PII,
  HOUSE_CLIENTS_PII,
  HOUSE_RECOMMENDS_PII,
  phoneSearch,
  sealerOf,
  sealValues,
} from '../../pii/fields.ts';
import type { Sealer } from '../../pii/keyring.ts';

/**
 * A client's or a channel's hand-over under its row's lock (`where` narrows the row further): false when it is
 * gone, nothing to do when the new owner holds it already, else the move (`set`) and the owner event that
 * keeps who held it before.
 */
async function handOver(
  tx: Tx,
  table: typeof houseClients | typeof houseChannels,
  event: Omit<typeof houseOwnerEvents.$inferInsert, 'fromStaffId'> & { toStaffId: number },
  set: { ownerId: number; teamId?: number | null },
  ...where: SQL[]
): Promise<boolean> {
  const row = { corpId: event.corpId, id: event.subjectId };
  const held = await lockInCorp(tx, table, { ownerId: table.ownerId }, row.corpId, row.id, ...where);
  if (!held) return false;
  if (held.ownerId === event.toStaffId) return true;
  await tx.update(table).set(set).where(columnsEqual(table, row));
  await tx.insert(houseOwnerEvents).values({ ...event, fromStaffId: held.ownerId });
  return true;
}

/** Which house clients a caller may list: always one company; `all` for finance, else these people. */
export interface ClientScope {
  corpId: number;
  all: boolean;
  ownerId?: number;
  stewardId?: number;
  teamId?: number;
}

export interface ClientFilter {
  keyword: string;
  status: number | null;
  channelId: number | null;
  source?: 'staff' | 'channel' | 'official' | undefined;
  stewardStatus?: 'waiting' | 'handled' | undefined;
  product?: 'mortgage' | 'card';
  brokerageSet?: boolean;
  /** Channel referrals no steward has taken yet (the stewards' pool, decision 052). */
  unclaimed?: boolean;
}

const owner = alias(staff, 'owner');
const steward = alias(staff, 'steward');
const actor = alias(staff, 'actor');

/** A recommendation as its list and its own sheet read it: who recorded it and through which channel. */
const recommendColumns = {
  ...columnsOf(houseRecommends, ['id', 'name', 'phone', 'intentAmountFen', 'remark', 'createdAt']),
  channelName: houseChannels.name,
  staffName: owner.name,
};

export const clientColumns = {
  id: houseClients.id,
  name: houseClients.name,
  phone: houseClients.phone,
  status: houseClients.status,
  loanAmountFen: houseClients.loanAmountFen,
  termMonths: houseClients.termMonths,
  bank: houseClients.bank,
  product: houseClients.product,
  source: houseClients.source,
  channelId: houseClients.channelId,
  channelName: houseChannels.name,
  ownerId: houseClients.ownerId,
  ownerName: owner.name,
  teamId: houseClients.teamId,
  stewardId: houseClients.stewardId,
  stewardName: steward.name,
  stewardStatus: houseClients.stewardStatus,
  brokerageState: houseClients.brokerageState,
  brokerageFen: houseClients.brokerageFen,
  brokerageRateBp: houseClients.brokerageRateBp,
  idNumber: houseClients.idNumber,
  remark: houseClients.remark,
  referrerId: houseClients.referrerId,
  createdAt: houseClients.createdAt,
};

/** What a brokerage order pays, to whose account, and how it stands: the order lists and the export read it. */
export const orderPaymentColumns = {
  bankName: houseBrokerageUsers.bankName,
  bankCard: houseBrokerageUsers.bankCard,
  amountFen: houseBrokerageOrders.amountFen,
  rateBp: houseBrokerageOrders.rateBp,
  status: houseBrokerageOrders.status,
  remark: houseBrokerageOrders.remark,
  payRef: houseBrokerageOrders.payRef,
  createdAt: houseBrokerageOrders.createdAt,
};

const orderColumns = {
  id: houseBrokerageOrders.id,
  houseClientId: houseBrokerageOrders.houseClientId,
  clientName: houseClients.name,
  brokerageUserId: houseBrokerageOrders.brokerageUserId,
  brokerageUserName: houseBrokerageUsers.name,
  ...orderPaymentColumns,
};

function scopeWhere(scope: ClientScope): SQL | undefined {
  const base = and(eq(houseClients.corpId, scope.corpId), isNull(houseClients.deletedAt));
  if (scope.all) return base;
  const who: SQL[] = [];
  if (scope.ownerId !== undefined) who.push(eq(houseClients.ownerId, scope.ownerId));
  if (scope.stewardId !== undefined) who.push(eq(houseClients.stewardId, scope.stewardId));
  if (scope.teamId !== undefined) who.push(eq(houseClients.teamId, scope.teamId));
  return and(base, who.length > 0 ? or(...who) : sql`false`);
}

/**
 * The list's filters. The keyword matches the name, or the sealed phone through its blind indexes: all 11
 * digits or the last four (decision 074).
 */
function filterWhere(f: ClientFilter, pii: Sealer): SQL[] {
  const where: SQL[] = [];
  const either = f.keyword
    ? or(
        anyContains(f.keyword, houseClients.name),
        phoneSearch(pii, f.keyword, { bidx: houseClients.phoneBidx, last4: houseClients.phoneLast4Bidx }),
      )
    : undefined;
  if (either) where.push(either);
  if (f.status !== null) where.push(eq(houseClients.status, f.status));
  if (f.channelId !== null) where.push(eq(houseClients.channelId, f.channelId));
  if (f.source) where.push(eq(houseClients.source, f.source));
  if (f.stewardStatus) where.push(eq(houseClients.stewardStatus, f.stewardStatus));
  if (f.product) where.push(eq(houseClients.product, f.product));
  if (f.brokerageSet) where.push(sql`${houseClients.brokerageState} <> 'none'`);
  if (f.unclaimed) where.push(isNull(houseClients.stewardId));
  return where;
}

const selectHouseClients = (executor: Db | Tx) =>
  executor
    .select(clientColumns)
    .from(houseClients)
    .innerJoin(owner, eq(owner.id, houseClients.ownerId))
    .leftJoin(steward, eq(steward.id, houseClients.stewardId))
    .leftJoin(
      houseChannels,
      and(eq(houseChannels.corpId, houseClients.corpId), eq(houseChannels.id, houseClients.channelId)),
    );

/** A live house client with its names (exported through index.ts: the access policy looks it up). */
export async function findHouseClient(executor: Db | Tx, corpId: number, id: number) {
  const [row] = await selectHouseClients(executor)
    .where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, id), isNull(houseClients.deletedAt)))
    .limit(1);
  return row;
}

/** What the commission ledger keeps of an order. */
const orderFacts = (row: typeof houseBrokerageOrders.$inferSelect): OrderFacts => ({
  corpId: row.corpId,
  orderId: row.id,
  receiverId: row.brokerageUserId,
  houseClientId: row.houseClientId,
  amountFen: row.amountFen,
  actorId: row.createdBy,
  at: row.createdAt,
});

export function createHouseRepository(db: Db) {
  /** Recommendations as their list and sheet read them, under the caller's condition. */
  const recommendsWhere = (where: SQL | undefined) =>
    db
      .select(recommendColumns)
      .from(houseRecommends)
      .leftJoin(houseChannels, eq(houseChannels.id, houseRecommends.channelId))
      .innerJoin(owner, eq(owner.id, houseRecommends.staffId))
      .where(where);

  const selectClients = (executor: Db | Tx = db) => selectHouseClients(executor);

  const selectOrders = (executor: Db | Tx = db) =>
    executor
      .select(orderColumns)
      .from(houseBrokerageOrders)
      .innerJoin(houseClients, eq(houseClients.id, houseBrokerageOrders.houseClientId))
      .innerJoin(houseBrokerageUsers, eq(houseBrokerageUsers.id, houseBrokerageOrders.brokerageUserId));

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    // ---- clients ------------------------------------------------------------------------------

    async insertClient(values: typeof houseClients.$inferInsert) {
      const [row] = await db
        .insert(houseClients)
        .values(await sealValues(db, values.corpId, HOUSE_CLIENTS_PII, values))
        .returning({ id: houseClients.id });
      if (!row) throw new Error('house client not inserted');
      return row.id;
    },

    listClients: async (scope: ClientScope, filter: ClientFilter, page: PageRequest) => {
      const where = filterWhere(filter, await sealerOf(db, scope.corpId));
      return keyset(page, houseClients.id, (limit, before) =>
        selectClients()
          .where(and(scopeWhere(scope), ...where, before))
          .orderBy(desc(houseClients.id))
          .limit(limit),
      );
    },

    findClient: (corpId: number, id: number, executor: Db | Tx = db) => findHouseClient(executor, corpId, id),

    /** Locks the client row for a change that reads then writes it (brokerage, deletion). */
    /** The company's over-limit brokerage rule, set in the back office (decision 057). */
    async overLimitRule(tx: Tx, corpId: number) {
      const [row] = await tx
        .select({ rateBp: companies.overLimitRateBp, amountFen: companies.overLimitAmountFen })
        .from(companies)
        .where(eq(companies.id, corpId))
        .limit(1);
      return row;
    },

    lockClient: (tx: Tx, corpId: number, id: number) =>
      lockInCorp(
        tx,
        houseClients,
        {
          id: houseClients.id,
          status: houseClients.status,
          brokerageState: houseClients.brokerageState,
          loanAmountFen: houseClients.loanAmountFen,
          ownerId: houseClients.ownerId,
          stewardId: houseClients.stewardId,
          stewardStatus: houseClients.stewardStatus,
        },
        corpId,
        id,
        isNull(houseClients.deletedAt),
      ),

    updateClient: async (tx: Tx | Db, corpId: number, id: number, values: Partial<typeof houseClients.$inferInsert>) =>
      tx
        .update(houseClients)
        .set(await sealValues(tx, corpId, HOUSE_CLIENTS_PII, values))
        .where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, id))),

    /** Who referred whom: walks up the referrers (at most `depth` steps), nearest first. */
    async referrerChain(corpId: number, startId: number | null, depth = 5) {
      const chain: { id: number; name: string }[] = [];
      let next = startId;
      const seen = new Set<number>();
      while (next !== null && chain.length < depth && !seen.has(next)) {
        seen.add(next);
        const [row] = await db
          .select({ id: houseClients.id, name: houseClients.name, referrerId: houseClients.referrerId })
          .from(houseClients)
          .where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, next)))
          .limit(1);
        if (!row) break;
        chain.push({ id: row.id, name: row.name });
        next = row.referrerId;
      }
      return chain;
    },

    referred: (corpId: number, id: number) =>
      db
        .select({ id: houseClients.id, name: houseClients.name })
        .from(houseClients)
        .where(and(eq(houseClients.corpId, corpId), eq(houseClients.referrerId, id), isNull(houseClients.deletedAt)))
        .orderBy(asc(houseClients.id))
        .limit(50),

    /** The active steward (job 5) with the fewest clients waiting on them; null when the company has none. */
    async pickSteward(corpId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: staff.id })
        .from(staff)
        .leftJoin(
          houseClients,
          and(
            eq(houseClients.corpId, corpId),
            eq(houseClients.stewardId, staff.id),
            eq(houseClients.stewardStatus, 'waiting'),
            isNull(houseClients.deletedAt),
          ),
        )
        .where(and(eq(staff.corpId, corpId), eq(staff.isActive, true), arrayContains(staff.jobs, [5])))
        .groupBy(staff.id)
        .orderBy(asc(count(houseClients.id)), asc(staff.id))
        .limit(1);
      return row?.id ?? null;
    },

    // ---- images -------------------------------------------------------------------------------

    async insertImage(tx: Tx, values: typeof houseImages.$inferInsert) {
      const [row] = await tx.insert(houseImages).values(values).returning({ id: houseImages.id });
      if (!row) throw new Error('image not inserted');
      return row.id;
    },
    listImages: (corpId: number, houseClientId: number, houseType: number) =>
      db
        .select({
          id: houseImages.id,
          houseType: houseImages.houseType,
          fileId: houseImages.fileId,
          createdAt: houseImages.createdAt,
        })
        .from(houseImages)
        .where(columnsEqual(houseImages, { corpId, houseClientId, houseType }))
        .orderBy(asc(houseImages.id))
        .limit(50),
    /** All of a client's images, every type; in the transaction that holds the client's lock for the cap. */
    async countClientImages(corpId: number, houseClientId: number, executor: Db | Tx = db): Promise<number> {
      const [row] = await executor
        .select({ n: count() })
        .from(houseImages)
        .where(and(eq(houseImages.corpId, corpId), eq(houseImages.houseClientId, houseClientId)));
      return row?.n ?? 0;
    },
    /** One image of the company, with the client it belongs to (for the access check before removing it). */
    async findImage(corpId: number, id: number) {
      const [row] = await db
        .select({ id: houseImages.id, houseClientId: houseImages.houseClientId })
        .from(houseImages)
        .where(and(eq(houseImages.corpId, corpId), eq(houseImages.id, id)));
      return row;
    },
    /**
     * Removes one image row of one client and keeps its deleted event, in the transaction holding the client's
     * lock; answers the file it named, or undefined when another request removed it first.
     */
    async deleteImage(tx: Tx, input: { corpId: number; houseClientId: number; id: number; actorId: number; at: Date }) {
      const [row] = await tx
        .delete(houseImages)
        .where(columnsEqual(houseImages, { corpId: input.corpId, houseClientId: input.houseClientId, id: input.id }))
        .returning();
      if (!row) return undefined;
      await tx.insert(houseImageEvents).values({
        corpId: input.corpId,
        houseClientId: input.houseClientId,
        kind: 'deleted',
        imageId: row.id,
        houseType: row.houseType,
        uploadedBy: row.uploadedBy,
        uploadedByAgentId: row.uploadedByAgentId,
        uploadedAt: row.createdAt,
        actorId: input.actorId,
        createdAt: input.at,
      });
      return { fileId: row.fileId };
    },
    countImages: (corpId: number, houseClientId: number) =>
      db
        .select({ houseType: houseImages.houseType, count: count() })
        .from(houseImages)
        .where(and(eq(houseImages.corpId, corpId), eq(houseImages.houseClientId, houseClientId)))
        .groupBy(houseImages.houseType)
        .orderBy(asc(houseImages.houseType)),

    // ---- channels, recommendations, receivers ------------------------------------------------

    async insertChannel(values: typeof houseChannels.$inferInsert) {
      const [row] = await db
        .insert(houseChannels)
        .values(await sealValues(db, values.corpId, HOUSE_CHANNELS_PII, values))
        .returning({ id: houseChannels.id });
      if (!row) throw new Error('channel not inserted');
      return row.id;
    },
    channelPhone: async (corpId: number, id: number) =>
      (await findInCorp(db, houseChannels, { phone: houseChannels.phone }, corpId, id))?.phone ?? null,

    /** A reveal of a house record's number, in the company's audit log (decision 065). */
    logContactReveal: (
      corpId: number,
      reveal: { kind: 'client' | 'recommend' | 'channel'; id: number; field: string },
      view: { staffId: number; at: Date },
    ) =>
      db.transaction((tx) =>
        recordAudit(tx, {
          corpId,
          actorId: view.staffId,
          action: 'house.contact.reveal',
          entity: { client: 'house_client', recommend: 'house_recommend', channel: 'house_channel' }[reveal.kind],
          entityId: reveal.id,
          before: null,
          after: { field: reveal.field },
          at: view.at,
        }),
      ),
    findChannel: (corpId: number, id: number) =>
      findInCorp(db, houseChannels, { id: houseChannels.id, ownerId: houseChannels.ownerId }, corpId, id),
    listChannels: (corpId: number, ownerId: number | null, keyword: string, id: number | null, page: PageRequest) => {
      const clientCount = db
        .select({ channelId: houseClients.channelId, n: count().as('n') })
        .from(houseClients)
        .where(and(eq(houseClients.corpId, corpId), isNull(houseClients.deletedAt)))
        .groupBy(houseClients.channelId)
        .as('client_count');
      return keyset(page, houseChannels.id, (limit, before) =>
        db
          .select({
            ...columnsOf(houseChannels, [
              'id',
              'name',
              'contact',
              'phone',
              'remark',
              'ownerId',
              'createdAt',
              'disabledAt',
            ]),
            ownerName: owner.name,
            clientCount: sql<number>`coalesce(${clientCount.n}, 0)::int`,
          })
          .from(houseChannels)
          .innerJoin(owner, eq(owner.id, houseChannels.ownerId))
          .leftJoin(clientCount, eq(clientCount.channelId, houseChannels.id))
          .where(
            and(
              columnsEqual(houseChannels, { corpId, ownerId: ownerId ?? undefined, id: id ?? undefined }),
              before,
              anyContains(keyword, houseChannels.name, houseChannels.contact),
            ),
          )
          .orderBy(desc(houseChannels.id))
          .limit(limit),
      );
    },
    /**
     * Hands a client to another salesperson (and their team) with its owner event, in one transaction
     * under the row's lock. Answers false when the client is gone; a hand-over to its owner changes nothing.
     */
    reassignClient: (corpId: number, id: number, ownerId: number, teamId: number | null, actorId: number, at: Date) =>
      db.transaction((tx) =>
        handOver(
          tx,
          houseClients,
          { corpId, subject: 'client', subjectId: id, toStaffId: ownerId, actorId, createdAt: at },
          { ownerId, teamId },
          isNull(houseClients.deletedAt),
        ),
      ),
    /** A channel's hand-over, with its owner event, as reassignClient. */
    async setChannelDisabled(corpId: number, id: number, disabledAt: Date | null) {
      const rows = await db
        .update(houseChannels)
        .set({ disabledAt })
        .where(columnsEqual(houseChannels, { corpId, id }))
        .returning({ id: houseChannels.id });
      return rows.length === 1;
    },
    updateChannelOwner: (corpId: number, id: number, ownerId: number, actorId: number, at: Date) =>
      db.transaction((tx) =>
        handOver(
          tx,
          houseChannels,
          { corpId, subject: 'channel', subjectId: id, toStaffId: ownerId, actorId, createdAt: at },
          { ownerId },
        ),
      ),

    async insertRecommend(values: typeof houseRecommends.$inferInsert) {
      const [row] = await db
        .insert(houseRecommends)
        .values(await sealValues(db, values.corpId, HOUSE_RECOMMENDS_PII, values))
        .returning({ id: houseRecommends.id });
      if (!row) throw new Error('recommendation not inserted');
      return row.id;
    },
    listRecommends: (corpId: number, staffId: number | null, page: PageRequest) =>
      keyset(page, houseRecommends.id, (limit, before) =>
        recommendsWhere(and(columnsEqual(houseRecommends, { corpId, staffId: staffId ?? undefined }), before))
          .orderBy(desc(houseRecommends.id))
          .limit(limit),
      ),

    /** One recommendation of the company, as its list row shows it. */
    async findRecommend(corpId: number, id: number) {
      const [row] = await recommendsWhere(columnsEqual(houseRecommends, { corpId, id }));
      return row;
    },

    async insertBrokerageUser(values: typeof houseBrokerageUsers.$inferInsert) {
      const [row] = await db
        .insert(houseBrokerageUsers)
        .values(await sealValues(db, values.corpId, HOUSE_BROKERAGE_USERS_PII, values))
        .returning({ id: houseBrokerageUsers.id });
      if (!row) throw new Error('brokerage user not inserted');
      return row.id;
    },
    /** The keyword matches the name, or the sealed phone by all 11 digits or the last four (decision 074). */
    listBrokerageUsers: async (corpId: number, ownerId: number | null, keyword: string, page: PageRequest) => {
      const search = keyword
        ? or(
            anyContains(keyword, houseBrokerageUsers.name),
            phoneSearch(await sealerOf(db, corpId), keyword, {
              bidx: houseBrokerageUsers.phoneBidx,
              last4: houseBrokerageUsers.phoneLast4Bidx,
            }),
          )
        : undefined;
      return keyset(page, houseBrokerageUsers.id, (limit, before) =>
        db
          .select({
            id: houseBrokerageUsers.id,
            name: houseBrokerageUsers.name,
            phone: houseBrokerageUsers.phone,
            bankName: houseBrokerageUsers.bankName,
            bankCard: houseBrokerageUsers.bankCard,
            channelName: houseChannels.name,
            createdAt: houseBrokerageUsers.createdAt,
          })
          .from(houseBrokerageUsers)
          .leftJoin(houseChannels, eq(houseChannels.id, houseBrokerageUsers.channelId))
          .where(
            and(
              eq(houseBrokerageUsers.corpId, corpId),
              before,
              ownerId === null ? undefined : eq(houseBrokerageUsers.ownerId, ownerId),
              search,
            ),
          )
          .orderBy(desc(houseBrokerageUsers.id))
          .limit(limit),
      );
    },
    /** The names of some receivers, for the audit sheet (finance sees the company's receivers). */
    brokerageUserNames: (corpId: number, ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .select({ id: houseBrokerageUsers.id, name: houseBrokerageUsers.name })
            .from(houseBrokerageUsers)
            .where(and(eq(houseBrokerageUsers.corpId, corpId), inArray(houseBrokerageUsers.id, ids))),
    findBrokerageUsers: (corpId: number, ids: number[]) =>
      db
        .select({ id: houseBrokerageUsers.id, ownerId: houseBrokerageUsers.ownerId })
        .from(houseBrokerageUsers)
        .where(and(eq(houseBrokerageUsers.corpId, corpId), inArray(houseBrokerageUsers.id, ids))),

    // ---- brokerage, audits, orders -------------------------------------------------------------

    /** New orders, each with its accrual in the commission ledger (decision 067), in the caller's transaction. */
    async insertOrders(tx: Tx, rows: (typeof houseBrokerageOrders.$inferInsert)[]) {
      const made = await tx.insert(houseBrokerageOrders).values(rows).returning();
      await accrueOrders(tx, made.map(orderFacts));
    },

    hasLiveOrders: (tx: Tx, corpId: number, houseClientId: number) =>
      anyWhere(
        tx,
        houseBrokerageOrders,
        and(
          columnsEqual(houseBrokerageOrders, { corpId, houseClientId }),
          inArray(houseBrokerageOrders.status, [1, 2]),
        ),
      ),

    async insertAudit(tx: Tx, values: typeof houseAudits.$inferInsert) {
      const [row] = await tx.insert(houseAudits).values(values).returning({ id: houseAudits.id });
      if (!row) throw new Error('audit not inserted');
      return row.id;
    },
    insertAuditEvent: (tx: Tx, values: typeof houseAuditEvents.$inferInsert) =>
      tx.insert(houseAuditEvents).values(values),

    findAudit: (corpId: number, id: number, executor: Db | Tx = db) =>
      findInCorp(executor, houseAudits, getTableColumns(houseAudits), corpId, id),

    /** Decides a pending audit; answers nothing when someone decided it first. */
    async decideAudit(
      tx: Tx,
      corpId: number,
      id: number,
      status: 'approved' | 'rejected',
      decidedBy: number,
      at: Date,
    ) {
      const [row] = await tx
        .update(houseAudits)
        .set({ status, decidedBy, decidedAt: at })
        .where(and(eq(houseAudits.corpId, corpId), eq(houseAudits.id, id), eq(houseAudits.status, 'pending')))
        .returning();
      return row;
    },

    listAudits: (corpId: number, status: 'pending' | 'approved' | 'rejected', page: PageRequest) =>
      keyset(page, houseAudits.id, (limit, before) =>
        db
          .select({
            id: houseAudits.id,
            houseClientId: houseAudits.houseClientId,
            clientName: houseClients.name,
            loanAmountFen: houseClients.loanAmountFen,
            rateBp: houseAudits.rateBp,
            amountFen: houseAudits.amountFen,
            requestedBy: houseAudits.requestedBy,
            requestedByName: actor.name,
            receiverIds: houseAudits.receiverIds,
            shares: houseAudits.shares,
            status: houseAudits.status,
            createdAt: houseAudits.createdAt,
          })
          .from(houseAudits)
          .innerJoin(houseClients, eq(houseClients.id, houseAudits.houseClientId))
          .innerJoin(actor, eq(actor.id, houseAudits.requestedBy))
          .where(and(eq(houseAudits.corpId, corpId), eq(houseAudits.status, status), before))
          .orderBy(desc(houseAudits.id))
          .limit(limit),
      ),

    auditEvents: (corpId: number, auditIds: number[]) =>
      auditIds.length === 0
        ? Promise.resolve([])
        : eventHistory(
            db,
            houseAuditEvents,
            houseAuditEvents.actorId,
            (actor) => ({
              id: houseAuditEvents.id,
              auditId: houseAuditEvents.auditId,
              actorId: houseAuditEvents.actorId,
              actorName: actor.name,
              decision: houseAuditEvents.decision,
              reason: houseAuditEvents.reason,
              createdAt: houseAuditEvents.createdAt,
            }),
            corpId,
            inArray(houseAuditEvents.auditId, auditIds),
          ),

    clientAuditIds: async (corpId: number, houseClientId: number) =>
      (
        await db
          .select({ id: houseAudits.id })
          .from(houseAudits)
          .where(and(eq(houseAudits.corpId, corpId), eq(houseAudits.houseClientId, houseClientId)))
      ).map((r) => r.id),

    clientOrders: (corpId: number, houseClientId: number) =>
      selectOrders()
        .where(and(eq(houseBrokerageOrders.corpId, corpId), eq(houseBrokerageOrders.houseClientId, houseClientId)))
        .orderBy(asc(houseBrokerageOrders.id)),

    listOrders: (corpId: number, status: number, page: PageRequest) =>
      keyset(page, houseBrokerageOrders.id, (limit, before) =>
        selectOrders()
          .where(
            and(
              eq(houseBrokerageOrders.corpId, corpId),
              status === 0 ? undefined : eq(houseBrokerageOrders.status, status),
              before,
            ),
          )
          .orderBy(desc(houseBrokerageOrders.id))
          .limit(limit),
      ),

    orderSummary: (corpId: number) =>
      db
        .select({
          status: houseBrokerageOrders.status,
          count: count(),
          amountFen: sql<string>`coalesce(sum(${houseBrokerageOrders.amountFen}), 0)`,
        })
        .from(houseBrokerageOrders)
        .where(eq(houseBrokerageOrders.corpId, corpId))
        .groupBy(houseBrokerageOrders.status)
        .orderBy(asc(houseBrokerageOrders.status)),

    /** A waiting order's payee card, and the reveal's line in the company's audit log, in one transaction. */
    revealOrderCard: (corpId: number, id: number, view: { staffId: number; at: Date }) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .select({
            status: houseBrokerageOrders.status,
            brokerageUserId: houseBrokerageOrders.brokerageUserId,
            bankCard: houseBrokerageUsers.bankCard,
          })
          .from(houseBrokerageOrders)
          .innerJoin(
            houseBrokerageUsers,
            and(
              eq(houseBrokerageUsers.corpId, houseBrokerageOrders.corpId),
              eq(houseBrokerageUsers.id, houseBrokerageOrders.brokerageUserId),
            ),
          )
          .where(and(eq(houseBrokerageOrders.corpId, corpId), eq(houseBrokerageOrders.id, id)))
          .limit(1);
        if (!row || row.status !== 1) return row && { status: row.status, bankCard: null };
        // No log, no number: the line is written before the card leaves (decision 065).
        await recordAudit(tx, {
          corpId,
          actorId: view.staffId,
          action: 'brokerage.card.reveal',
          entity: 'house_brokerage_order',
          entityId: id,
          before: null,
          after: { brokerage_user_id: row.brokerageUserId, field: 'bank_card' },
          at: view.at,
        });
        return { status: row.status, bankCard: row.bankCard };
      }),

    findOrder: (corpId: number, id: number) =>
      findInCorp(
        db,
        houseBrokerageOrders,
        { id: houseBrokerageOrders.id, status: houseBrokerageOrders.status },
        corpId,
        id,
      ),
    /** Changes a waiting order only (status 1); answers undefined when it is no longer waiting. */
    async updateWaitingOrder(corpId: number, id: number, values: Partial<typeof houseBrokerageOrders.$inferInsert>) {
      const [row] = await db
        .update(houseBrokerageOrders)
        .set(values)
        .where(columnsEqual(houseBrokerageOrders, { corpId, id, status: 1 }))
        .returning({ id: houseBrokerageOrders.id });
      return row;
    },

    /**
     * Pays (2) or cancels (3) a waiting order and writes its ledger line in the same transaction (decision
     * 067): a payment netted against what the receiver owes from claw-backs, or the accrual's cancellation.
     * Undefined when the order is no longer waiting.
     */
    settleOrder: (corpId: number, id: number, status: 2 | 3, actorId: number, at: Date) =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(houseBrokerageOrders)
          .set({ status, decidedBy: actorId, decidedAt: at })
          .where(columnsEqual(houseBrokerageOrders, { corpId, id, status: 1 }))
          .returning();
        if (!row) return undefined;
        const facts = { ...orderFacts(row), actorId, at };
        if (status === 2)
          return { amountFen: row.amountFen, ...(await payOrder(tx, { ...facts, payRef: row.payRef })) };
        await cancelOrder(tx, { ...facts, note: row.remark });
        return { amountFen: row.amountFen, cashFen: 0, nettedFen: 0 };
      }),

    async brokerageSummary(corpId: number) {
      const [clientsRow] = await db
        .select({ n: count(), total: sql<string>`coalesce(sum(${houseClients.brokerageFen}), 0)` })
        .from(houseClients)
        .where(
          and(
            eq(houseClients.corpId, corpId),
            eq(houseClients.brokerageState, 'approved'),
            isNull(houseClients.deletedAt),
          ),
        );
      const [audits] = await db
        .select({ n: count() })
        .from(houseAudits)
        .where(and(eq(houseAudits.corpId, corpId), eq(houseAudits.status, 'pending')));
      return {
        clientCount: clientsRow?.n ?? 0,
        totalFen: Number(clientsRow?.total ?? 0),
        auditPending: audits?.n ?? 0,
      };
    },

    // ---- staff ---------------------------------------------------------------------------------

    async findActiveStaff(corpId: number, id: number) {
      const [row] = await db
        .select({ id: staff.id, teamId: staff.teamId })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, id), eq(staff.isActive, true)))
        .limit(1);
      return row;
    },
    listActiveStaff: (corpId: number) => activeStaff(db, corpId, { id: staff.id, name: staff.name }, { limit: 500 }),
  };
}

export type HouseRepository = ReturnType<typeof createHouseRepository>;
export type ClientRow = NonNullable<Awaited<ReturnType<HouseRepository['findClient']>>>;
