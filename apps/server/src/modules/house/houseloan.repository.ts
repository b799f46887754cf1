import { and, arrayContains, desc, eq, gte, isNotNull, isNull, lt, sql, sum, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageRequest } from '@crm/domain/api/page';
import type { ReferralStage } from '@crm/domain/api/houseloan';
import { HOUSE_STATUS } from '@crm/domain/house';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { keyset } from '../../db/keyset.ts';
import { anyWhere, columnsEqual, columnsOf } from '../../db/rows-where.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import {
  houseBrokerageOrders,
  houseBrokerageUsers,
  houseChannels,
  houseClients,
  houseImages,
} from '../../db/schema/house.ts';
import { activeBanks } from '../cases/index.ts';
import { houseAppointments, latestHouseAppointments } from '../sign/index.ts';
import { HOUSELOAN_CONSENT_TYPE } from './houseloan.texts.ts';
import { HOUSE_CLIENTS_PII, indexedInAnyCompany, sealerOf, sealValues } from '../../pii/fields.ts';

/*
 * The channel portal's reads and writes (decision 052). Every query of an agent's records names the
 * company and the agent: another agent's referral is simply not found.
 */

const steward = alias(staff, 'steward');

const agentColumns = {
  ...columnsOf(houseBrokerageUsers, ['id', 'corpId', 'name', 'phone', 'wechatOpenid']),
  corpName: companies.name,
  channelId: houseChannels.id,
  channelName: houseChannels.name,
  channelOwnerId: houseChannels.ownerId,
  channelDisabledAt: houseChannels.disabledAt,
};
export type AgentRow = {
  id: number;
  corpId: number;
  corpName: string;
  name: string;
  phone: string;
  channelId: number;
  channelName: string;
  channelOwnerId: number;
  channelDisabledAt: Date | null;
  wechatOpenid: string | null;
};

/** Where a referral stands, from the house client's status and whether a steward holds it. */
export const stageOf = (row: { status: number; stewardId: number | null }): ReferralStage =>
  row.status === HOUSE_STATUS.SIGNING
    ? 'signing'
    : row.status === HOUSE_STATUS.SIGNED
      ? 'signed'
      : row.status === HOUSE_STATUS.FAILED
        ? 'failed'
        : row.stewardId === null
          ? 'waiting'
          : 'taken';

function stageWhere(stage: ReferralStage): SQL {
  switch (stage) {
    case 'waiting':
      return sql`${houseClients.status} = ${HOUSE_STATUS.NEW} and ${houseClients.stewardId} is null`;
    case 'taken':
      return sql`${houseClients.status} = ${HOUSE_STATUS.NEW} and ${houseClients.stewardId} is not null`;
    case 'signing':
      return eq(houseClients.status, HOUSE_STATUS.SIGNING);
    case 'signed':
      return eq(houseClients.status, HOUSE_STATUS.SIGNED);
    case 'failed':
      return eq(houseClients.status, HOUSE_STATUS.FAILED);
  }
}

// Qualified by hand: drizzle leaves a single table's columns unqualified, which inside the subquery would name house_images'.
const hasConsent = sql<boolean>`exists (select 1 from ${houseImages} where ${houseImages.corpId} = "house_clients"."corp_id" and ${houseImages.houseClientId} = "house_clients"."id" and ${houseImages.houseType} = ${HOUSELOAN_CONSENT_TYPE})`;

const referralColumns = {
  id: houseClients.id,
  name: houseClients.name,
  phone: houseClients.phone,
  product: houseClients.product,
  loanAmountFen: houseClients.loanAmountFen,
  termMonths: houseClients.termMonths,
  bank: houseClients.bank,
  status: houseClients.status,
  stewardId: houseClients.stewardId,
  remark: houseClients.remark,
  hasConsent,
  createdAt: houseClients.createdAt,
};
export type ReferralRow = {
  id: number;
  name: string;
  phone: string;
  product: 'mortgage' | 'card';
  loanAmountFen: number;
  termMonths: number;
  bank: string;
  status: number;
  stewardId: number | null;
  remark: string;
  hasConsent: boolean;
  createdAt: Date;
};

const mine = (corpId: number, agentId: number) =>
  and(eq(houseClients.corpId, corpId), eq(houseClients.channelAgentId, agentId), isNull(houseClients.deletedAt));

/** A brokerage order joined to its client. */
const orderOfClient = and(
  eq(houseClients.corpId, houseBrokerageOrders.corpId),
  eq(houseClients.id, houseBrokerageOrders.houseClientId),
);

/** A month's start and the next month's, as instants (the ranking's window). */
export interface Month {
  from: Date;
  to: Date;
}

export function createHouseloanRepository(db: Db) {
  /** A receiver of any company with this phone, before the company is known (the portal's SMS, decision 074). */
  const agentPhoneInAnyCompany = (phone: string) =>
    indexedInAnyCompany(db, houseBrokerageUsers.corpId, houseBrokerageUsers.phoneBidx, 'phone', phone);

  const selectAgent = (ex: Db | Tx = db) =>
    ex
      .select(agentColumns)
      .from(houseBrokerageUsers)
      .innerJoin(
        houseChannels,
        and(eq(houseChannels.corpId, houseBrokerageUsers.corpId), eq(houseChannels.id, houseBrokerageUsers.channelId)),
      )
      .innerJoin(companies, eq(companies.id, houseBrokerageUsers.corpId));

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    // ---- agents -------------------------------------------------------------------------------

    async agentByPhone(corpId: number, phone: string, ex: Db | Tx = db): Promise<AgentRow | undefined> {
      // The phone is sealed: found through its blind index (decision 074).
      const bidx = (await sealerOf(ex, corpId)).index('phone', phone) ?? '';
      const [row] = await selectAgent(ex)
        .where(and(eq(houseBrokerageUsers.corpId, corpId), eq(houseBrokerageUsers.phoneBidx, bidx)))
        .limit(1);
      return row;
    },
    async agentById(corpId: number, id: number): Promise<AgentRow | undefined> {
      const [row] = await selectAgent()
        .where(and(eq(houseBrokerageUsers.corpId, corpId), eq(houseBrokerageUsers.id, id)))
        .limit(1);
      return row;
    },
    async agentByOpenid(corpId: number, openid: string): Promise<AgentRow | undefined> {
      const [row] = await selectAgent()
        .where(and(eq(houseBrokerageUsers.corpId, corpId), eq(houseBrokerageUsers.wechatOpenid, openid)))
        .limit(1);
      return row;
    },
    /** Whether any company has a channel agent with this phone (the login SMS goes to agents only). */
    /** The company of a channel agent with this phone (the first, should several have it), or null. */
    async companyOfAgentPhone(phone: string): Promise<number | null> {
      const [row] = await db
        .select({ corpId: houseBrokerageUsers.corpId })
        .from(houseBrokerageUsers)
        .where(and(await agentPhoneInAnyCompany(phone), isNotNull(houseBrokerageUsers.channelId)))
        .orderBy(houseBrokerageUsers.corpId)
        .limit(1);
      return row?.corpId ?? null;
    },

    isAgentPhone: async (phone: string): Promise<boolean> =>
      anyWhere(
        db,
        houseBrokerageUsers,
        and(await agentPhoneInAnyCompany(phone), isNotNull(houseBrokerageUsers.channelId)),
      ),
    /** Binds a WeChat user to the agent; the openid leaves any agent that held it before (one person, one account). */
    async bindOpenid(tx: Tx, corpId: number, agentId: number, openid: string) {
      await tx
        .update(houseBrokerageUsers)
        .set({ wechatOpenid: null })
        .where(and(eq(houseBrokerageUsers.corpId, corpId), eq(houseBrokerageUsers.wechatOpenid, openid)));
      await tx
        .update(houseBrokerageUsers)
        .set({ wechatOpenid: openid })
        .where(and(eq(houseBrokerageUsers.corpId, corpId), eq(houseBrokerageUsers.id, agentId)));
    },
    async ownerTeam(corpId: number, staffId: number): Promise<number | null> {
      return (await findInCorp(db, staff, { teamId: staff.teamId }, corpId, staffId))?.teamId ?? null;
    },
    /** An active home-loan steward (job 5) of the company, whom a finance leader may hand a referral to. */
    async findSteward(corpId: number, id: number) {
      const [row] = await db
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(eq(staff.corpId, corpId), eq(staff.id, id), eq(staff.isActive, true), arrayContains(staff.jobs, [5])),
        )
        .limit(1);
      return row;
    },
    async contact(corpId: number, staffId: number) {
      const [row] = await db
        .select({ id: staff.id, name: staff.name, phone: staff.phone })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, staffId)));
      return row;
    },

    // ---- referrals ----------------------------------------------------------------------------

    async insertReferral(tx: Tx, values: typeof houseClients.$inferInsert) {
      const [row] = await tx
        .insert(houseClients)
        .values(await sealValues(tx, values.corpId, HOUSE_CLIENTS_PII, values))
        .returning({ id: houseClients.id });
      if (!row) throw new Error('referral not inserted');
      return row.id;
    },
    listReferrals: (
      corpId: number,
      agentId: number,
      filter: { stage: ReferralStage | undefined; missingConsent: boolean },
      page: PageRequest,
    ) =>
      keyset(page, houseClients.id, (limit, before) =>
        db
          .select(referralColumns)
          .from(houseClients)
          .where(
            and(
              mine(corpId, agentId),
              filter.stage ? stageWhere(filter.stage) : undefined,
              filter.missingConsent ? sql`not ${hasConsent}` : undefined,
              before,
            ),
          )
          .orderBy(desc(houseClients.id))
          .limit(limit),
      ),
    async findReferral(corpId: number, agentId: number, id: number): Promise<ReferralRow | undefined> {
      const [row] = await db
        .select(referralColumns)
        .from(houseClients)
        .where(and(mine(corpId, agentId), eq(houseClients.id, id)));
      return row;
    },
    /** The signing appointments of the agent's referrals (the signing centre's, through its index). */
    appointments: (corpId: number, agentId: number, page: PageRequest) =>
      houseAppointments(
        db,
        corpId,
        sql`select ${houseClients.id} from ${houseClients} where ${mine(corpId, agentId)}`,
        page,
      ),
    latestAppointment: async (corpId: number, houseClientId: number) =>
      (await latestHouseAppointments(db, corpId, [houseClientId])).get(houseClientId),
    /** The company's lending banks (the instalment module's reference data). */
    banks: (corpId: number) => activeBanks(db, corpId, null),
    referralNames: async (corpId: number, ids: number[]) => {
      if (ids.length === 0) return new Map<number, { name: string; status: number; stewardId: number | null }>();
      const rows = await db
        .select({
          id: houseClients.id,
          name: houseClients.name,
          status: houseClients.status,
          stewardId: houseClients.stewardId,
        })
        .from(houseClients)
        .where(and(eq(houseClients.corpId, corpId), sql`${houseClients.id} in ${ids}`));
      return new Map(rows.map(({ id, ...rest }) => [id, rest]));
    },

    // ---- brokerage ----------------------------------------------------------------------------

    /** The agent's brokerage orders (they are the receiver), newest first, with the client's name. */
    listOrders: (corpId: number, agentId: number, page: PageRequest, houseClientId?: number) =>
      keyset(page, houseBrokerageOrders.id, (limit, before) =>
        db
          .select({
            ...columnsOf(houseBrokerageOrders, ['id', 'amountFen', 'status', 'createdAt', 'decidedAt']),
            clientName: houseClients.name,
          })
          .from(houseBrokerageOrders)
          .innerJoin(houseClients, orderOfClient)
          .where(and(columnsEqual(houseBrokerageOrders, { corpId, brokerageUserId: agentId, houseClientId }), before))
          .orderBy(desc(houseBrokerageOrders.id))
          .limit(limit),
      ),
    /** Totals in fen: waiting for payment (1) and paid (2); cancelled orders (3) count in neither. */
    async orderTotals(corpId: number, agentId: number) {
      const [row] = await db
        .select({
          pending: sum(
            sql`case when ${houseBrokerageOrders.status} = 1 then ${houseBrokerageOrders.amountFen} else 0 end`,
          ),
          paid: sum(
            sql`case when ${houseBrokerageOrders.status} = 2 then ${houseBrokerageOrders.amountFen} else 0 end`,
          ),
        })
        .from(houseBrokerageOrders)
        .where(and(eq(houseBrokerageOrders.corpId, corpId), eq(houseBrokerageOrders.brokerageUserId, agentId)));
      return { pendingFen: Number(row?.pending ?? 0), paidFen: Number(row?.paid ?? 0) };
    },

    // ---- the stewards' pool -------------------------------------------------------------------

    /**
     * A steward takes a referral nobody holds: one conditional update, so of two stewards racing for it
     * exactly one wins and the other hears it was taken.
     */
    async claim(corpId: number, id: number, stewardId: number): Promise<boolean> {
      const rows = await db
        .update(houseClients)
        .set({ stewardId, stewardStatus: 'waiting' })
        .where(
          and(
            eq(houseClients.corpId, corpId),
            eq(houseClients.id, id),
            isNull(houseClients.stewardId),
            isNull(houseClients.deletedAt),
          ),
        )
        .returning({ id: houseClients.id });
      return rows.length === 1;
    },
    async findPoolClient(corpId: number, id: number) {
      const [row] = await db
        .select({ id: houseClients.id, stewardId: houseClients.stewardId, stewardName: steward.name })
        .from(houseClients)
        .leftJoin(steward, eq(steward.id, houseClients.stewardId))
        .where(and(eq(houseClients.corpId, corpId), eq(houseClients.id, id), isNull(houseClients.deletedAt)));
      return row;
    },

    // ---- the public ranking -------------------------------------------------------------------

    /**
     * Per channel of the company: referrals signed in the month and brokerage paid in it (fen), the
     * channels with either, best first. Counted from the signed clients' and paid orders' own indexes.
     */
    async ranking(corpId: number, month: Month) {
      const signed = db
        .select({ channelId: houseClients.channelId, completed: sql<number>`count(*)::int`.as('completed') })
        .from(houseClients)
        .where(
          and(
            eq(houseClients.corpId, corpId),
            isNotNull(houseClients.channelId),
            gte(houseClients.signedAt, month.from),
            lt(houseClients.signedAt, month.to),
            isNull(houseClients.deletedAt),
          ),
        )
        .groupBy(houseClients.channelId)
        .as('signed');
      const paid = db
        .select({
          channelId: houseClients.channelId,
          brokerageFen: sql<string>`sum(${houseBrokerageOrders.amountFen})`.as('brokerage_fen'),
        })
        .from(houseBrokerageOrders)
        .innerJoin(houseClients, orderOfClient)
        .where(
          and(
            eq(houseBrokerageOrders.corpId, corpId),
            eq(houseBrokerageOrders.status, 2),
            gte(houseBrokerageOrders.decidedAt, month.from),
            lt(houseBrokerageOrders.decidedAt, month.to),
            isNotNull(houseClients.channelId),
          ),
        )
        .groupBy(houseClients.channelId)
        .as('paid');
      const rows = await db
        .select({
          channelId: houseChannels.id,
          channelName: houseChannels.name,
          completed: sql<number>`coalesce(${signed.completed}, 0)::int`,
          brokerageFen: sql<string>`coalesce(${paid.brokerageFen}, 0)`,
        })
        .from(houseChannels)
        .leftJoin(signed, eq(signed.channelId, houseChannels.id))
        .leftJoin(paid, eq(paid.channelId, houseChannels.id))
        .where(
          and(
            eq(houseChannels.corpId, corpId),
            sql`(${signed.completed} is not null or ${paid.brokerageFen} is not null)`,
          ),
        )
        .orderBy(
          desc(sql`coalesce(${signed.completed}, 0)`),
          desc(sql`coalesce(${paid.brokerageFen}, 0)`),
          houseChannels.id,
        )
        .limit(50);
      return rows.map((r) => ({ ...r, brokerageFen: Number(r.brokerageFen) }));
    },
    async channelName(corpId: number, id: number) {
      return (await findInCorp(db, houseChannels, { name: houseChannels.name }, corpId, id))?.name;
    },
    async corpName(corpId: number) {
      const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, corpId));
      return row?.name;
    },
  };
}

export type HouseloanRepository = ReturnType<typeof createHouseloanRepository>;
