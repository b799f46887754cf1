import { columnsEqual, columnsOf } from '../../db/rows-where.ts';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageRequest } from '@crm/domain/api/page';
import { REFERRAL_STATUS } from '@crm/domain/api/outside';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import { outsideChannels, outsideInvites, outsidePartners, outsideReferrals } from '../../db/schema/outside.ts';
import { keyset } from '../../db/keyset.ts';
import { recordAudit } from '../admin/index.ts';
import { activeBanks, activeProducts, caseStatuses, productNames } from '../cases/index.ts';
import {
  OUTSIDE_CHANNELS_PII,
  OUTSIDE_PARTNERS_PII,
  OUTSIDE_REFERRALS_PII,
  sealerOf,
  sealValues,
} from '../../pii/fields.ts';
import type { Sealer } from '../../pii/keyring.ts';

type Executor = Db | Tx;
const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/**
 * A referral's status as of `at`: a protected one whose protection ran out reads as released before the
 * hourly sweep writes it, so no page shows a protection that no longer holds.
 */
export const effectiveStatus = (at: Date) =>
  sql<number>`(case when ${outsideReferrals.status} = 1 and ${outsideReferrals.protectedUntil} <= ${iso(at)} then 3 else ${outsideReferrals.status} end)`.mapWith(
    Number,
  );

/** The status filter of a referral list, on the effective status (0 = every status). */
function statusWhere(status: number, at: Date): SQL | undefined {
  if (status === REFERRAL_STATUS.PROTECTED)
    return and(eq(outsideReferrals.status, 1), gt(outsideReferrals.protectedUntil, iso(at)));
  if (status === REFERRAL_STATUS.RELEASED)
    return or(
      eq(outsideReferrals.status, 3),
      and(eq(outsideReferrals.status, 1), lte(outsideReferrals.protectedUntil, iso(at))),
    );
  if (status === REFERRAL_STATUS.CONVERTED) return eq(outsideReferrals.status, 2);
  return undefined;
}

/** Referral counts per effective status, as a scalar subquery per partner row or a whole scope. */
const countWhere = (where: SQL | undefined) =>
  sql<number>`(select count(*)::int from ${outsideReferrals} where ${where})`.mapWith(Number);

/** A partner as the staff side's policy sees it: the staff member whose network it is, and their team. */
export const findPartnerScope = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    outsidePartners,
    {
      id: outsidePartners.id,
      corpId: outsidePartners.corpId,
      name: outsidePartners.name,
      status: outsidePartners.status,
      parentId: outsidePartners.parentId,
      staffId: outsidePartners.staffId,
      staffTeamId: staff.teamId,
    },
    corpId,
    id,
    [staff, eq(staff.id, outsidePartners.staffId)],
  );

/** A referral with its partner's facts (the staff side's policy asks about both). */
export async function findReferralScope(ex: Executor, corpId: number, id: number) {
  const row = await findInCorp(
    ex,
    outsideReferrals,
    {
      referral: outsideReferrals,
      partner: { staffId: outsidePartners.staffId, staffTeamId: staff.teamId, parentId: outsidePartners.parentId },
    },
    corpId,
    id,
    [outsidePartners, eq(outsidePartners.id, outsideReferrals.partnerId)],
    [staff, eq(staff.id, outsidePartners.staffId)],
  );
  return row ? { ...row.referral, partner: row.partner } : undefined;
}

/**
 * Serialises everything that decides who holds a client: a partner's referral, a correction, a staff
 * member's new case. One transaction-scoped advisory lock per phone and per ID number of the company,
 * taken in one order, so two partners referring one person at once are judged one after the other.
 */
export async function lockClientIdentity(tx: Tx, corpId: number, who: { phone: string; idNumber: string }) {
  const keys = [`phone:${corpId}:${who.phone}`, ...(who.idNumber ? [`id:${corpId}:${who.idNumber}`] : [])].sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 49))`);
}

/** A referral naming this phone or ID number, through the blind indexes (decision 074). */
function holdsWho(pii: Sealer, who: { phone: string; idNumber: string }) {
  return or(
    eq(outsideReferrals.phoneBidx, pii.index('phone', who.phone) ?? ''),
    who.idNumber ? eq(outsideReferrals.idNumberBidx, pii.index('id_number', who.idNumber) ?? '') : undefined,
  );
}

/** Releases the company's referrals of this client whose protection ran out (before asking who holds it). */
export async function releaseExpiredOf(tx: Tx, corpId: number, who: { phone: string; idNumber: string }, at: Date) {
  const pii = await sealerOf(tx, corpId);
  await tx
    .update(outsideReferrals)
    .set({ status: REFERRAL_STATUS.RELEASED, releasedAt: at, updatedAt: at })
    .where(
      and(
        eq(outsideReferrals.corpId, corpId),
        eq(outsideReferrals.status, 1),
        lte(outsideReferrals.protectedUntil, iso(at)),
        holdsWho(pii, who),
      ),
    );
}

/** The protected referral holding this client by phone or ID number (another than `exceptId`), if any. */
export async function protectedReferralOf(
  ex: Executor,
  corpId: number,
  who: { phone: string; idNumber: string },
  exceptId: number | null,
) {
  const pii = await sealerOf(ex, corpId);
  const [row] = await ex
    .select({ id: outsideReferrals.id, partnerId: outsideReferrals.partnerId })
    .from(outsideReferrals)
    .where(
      and(
        eq(outsideReferrals.corpId, corpId),
        eq(outsideReferrals.status, 1),
        holdsWho(pii, who),
        exceptId === null ? undefined : sql`${outsideReferrals.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row;
}

/** Marks a protected referral converted into a case; false when it is no longer protected. */
export async function markReferralConverted(
  tx: Tx,
  move: { corpId: number; id: number; caseId: number; staffId: number; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(outsideReferrals)
    .set({
      status: REFERRAL_STATUS.CONVERTED,
      caseId: move.caseId,
      convertedBy: move.staffId,
      convertedAt: move.at,
      updatedAt: move.at,
    })
    .where(
      and(
        columnsEqual(outsideReferrals, { corpId: move.corpId, id: move.id, status: 1 }),
        gt(outsideReferrals.protectedUntil, iso(move.at)),
      ),
    )
    .returning({ id: outsideReferrals.id });
  return rows.length === 1;
}

/** Which referrals a list covers. */
export type ReferralScope =
  | { corpId: number; partnerId: number }
  | { corpId: number; parentId: number }
  | { corpId: number; staffId: number }
  | { corpId: number; teamId: number };

/** One live channel of a partner. */
const liveChannel = (key: { corpId: number; partnerId: number; id: number }) =>
  and(
    eq(outsideChannels.corpId, key.corpId),
    eq(outsideChannels.partnerId, key.partnerId),
    eq(outsideChannels.id, key.id),
    isNull(outsideChannels.deletedAt),
  );

const inviter = alias(outsidePartners, 'inviter');
const inviterStaff = alias(staff, 'inviter_staff');

/** Partners' names and the staff member whose network each is (the commission ledger, decision 067). */
export async function partnersByIds(ex: Executor, corpId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { name: string; staffId: number }>();
  const rows = await ex
    .select({ id: outsidePartners.id, name: outsidePartners.name, staffId: outsidePartners.staffId })
    .from(outsidePartners)
    .where(and(eq(outsidePartners.corpId, corpId), inArray(outsidePartners.id, [...new Set(ids)])));
  return new Map(rows.map(({ id, ...rest }) => [id, rest]));
}

/** The partner whose referral was made into the case, if any. */
export async function referralPartnerOfCase(ex: Executor, corpId: number, caseId: number) {
  const [row] = await ex
    .select({ partnerId: outsideReferrals.partnerId })
    .from(outsideReferrals)
    .where(
      and(
        eq(outsideReferrals.corpId, corpId),
        eq(outsideReferrals.caseId, caseId),
        // An expired referral made into a pool case (decision 066) earns its partner nothing.
        eq(outsideReferrals.status, REFERRAL_STATUS.CONVERTED),
      ),
    )
    .limit(1);
  return row?.partnerId ?? null;
}

/**
 * Referrals whose protection ran out unconverted and that the pool has not looked at yet (decision 066), with
 * the staff member whose partner network referred them: the last holder of the pool case made of each.
 */
export async function expiredReferralsForPool(ex: Executor, at: Date, limit = 200) {
  return ex
    .select({
      id: outsideReferrals.id,
      corpId: outsideReferrals.corpId,
      name: outsideReferrals.name,
      phone: outsideReferrals.phone,
      idNumber: outsideReferrals.idNumber,
      amountFen: outsideReferrals.amountFen,
      productId: outsideReferrals.productId,
      remarks: outsideReferrals.remarks,
      staffId: outsidePartners.staffId,
      teamId: staff.teamId,
    })
    .from(outsideReferrals)
    .innerJoin(outsidePartners, eq(outsidePartners.id, outsideReferrals.partnerId))
    .innerJoin(staff, eq(staff.id, outsidePartners.staffId))
    .where(
      and(
        isNull(outsideReferrals.pooledAt),
        isNull(outsideReferrals.caseId),
        or(
          eq(outsideReferrals.status, REFERRAL_STATUS.RELEASED),
          and(eq(outsideReferrals.status, REFERRAL_STATUS.PROTECTED), lte(outsideReferrals.protectedUntil, iso(at))),
        ),
      ),
    )
    .orderBy(outsideReferrals.id)
    .limit(limit);
}

/**
 * Takes an expired referral for the pool, in the pool's transaction: released if it was not yet, marked looked
 * at (`pooled_at`). Conditional on nobody having done so, so two sweeps at once take it once: false for the
 * second.
 */
export async function takeReferralForPool(tx: Tx, corpId: number, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(outsideReferrals)
    .set({
      status: REFERRAL_STATUS.RELEASED,
      releasedAt: sql`coalesce(${outsideReferrals.releasedAt}, ${iso(at)})`,
      pooledAt: at,
      updatedAt: at,
    })
    .where(
      and(
        eq(outsideReferrals.corpId, corpId),
        eq(outsideReferrals.id, id),
        isNull(outsideReferrals.pooledAt),
        isNull(outsideReferrals.caseId),
        or(
          eq(outsideReferrals.status, REFERRAL_STATUS.RELEASED),
          and(eq(outsideReferrals.status, REFERRAL_STATUS.PROTECTED), lte(outsideReferrals.protectedUntil, iso(at))),
        ),
      ),
    )
    .returning({ id: outsideReferrals.id });
  return rows.length > 0;
}

/** Points a pooled referral at the pool case made of it (not a conversion: its status stays released). */
export async function linkReferralPoolCase(tx: Tx, corpId: number, id: number, caseId: number) {
  await tx
    .update(outsideReferrals)
    .set({ caseId })
    .where(and(eq(outsideReferrals.corpId, corpId), eq(outsideReferrals.id, id)));
}

export function createOutsideRepository(db: Db) {
  /** Partners of a scope as a subquery of ids (the partner's own sub-partners, a staff member's, a team's). */
  const partnerIdsOf = (scope: ReferralScope): SQL => {
    const base = eq(outsidePartners.corpId, scope.corpId);
    if ('partnerId' in scope) return sql`(${scope.partnerId})`;
    if ('parentId' in scope)
      return sql`(select ${outsidePartners.id} from ${outsidePartners} where ${and(base, eq(outsidePartners.parentId, scope.parentId))})`;
    if ('staffId' in scope)
      return sql`(select ${outsidePartners.id} from ${outsidePartners} where ${and(base, eq(outsidePartners.staffId, scope.staffId))})`;
    return sql`(select ${outsidePartners.id} from ${outsidePartners} inner join ${staff} on ${staff.id} = ${outsidePartners.staffId} where ${and(base, eq(staff.teamId, scope.teamId))})`;
  };

  const referralCounts = (partnerId: SQL | number, at: Date) => {
    const of = and(eq(outsideReferrals.partnerId, typeof partnerId === 'number' ? sql`${partnerId}` : partnerId));
    return {
      protected: countWhere(and(of, statusWhere(1, at))),
      converted: countWhere(and(of, statusWhere(2, at))),
      released: countWhere(and(of, statusWhere(3, at))),
    };
  };

  const partnerRow = (at: Date) => ({
    id: outsidePartners.id,
    name: outsidePartners.name,
    phone: outsidePartners.phone,
    status: outsidePartners.status,
    declineReason: outsidePartners.declineReason,
    createdAt: outsidePartners.createdAt,
    inviterName: sql<string>`coalesce(${inviter.name}, ${inviterStaff.name}, '')`,
    staffName: inviterStaff.name,
    counts: referralCounts(sql`${outsidePartners.id}`, at),
  });

  const selectPartners = (at: Date) =>
    db
      .select(partnerRow(at))
      .from(outsidePartners)
      .innerJoin(inviterStaff, eq(inviterStaff.id, outsidePartners.staffId))
      .leftJoin(inviter, eq(inviter.id, outsidePartners.parentId));

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    // Reference data and case statuses, from modules/cases.
    products: (corpId: number) => activeProducts(db, corpId),
    banks: (corpId: number, parentId: number | null) => activeBanks(db, corpId, parentId),
    productNames: (corpId: number, ids: readonly number[]) => productNames(db, corpId, ids),
    caseStatuses: (corpId: number, ids: readonly number[]) => caseStatuses(db, corpId, ids),
    findReferral: (corpId: number, id: number) => findReferralScope(db, corpId, id),
    /** A staff member saw one of a referral's numbers in full: a line of the company's audit log (decision 065). */
    logReferralView: (corpId: number, view: { staffId: number; referralId: number; field: string; at: Date }) =>
      db.transaction((tx) =>
        recordAudit(tx, {
          corpId,
          actorId: view.staffId,
          action: 'referral.reveal',
          entity: 'outside_referral',
          entityId: view.referralId,
          before: null,
          after: { field: view.field },
          at: view.at,
        }),
      ),

    /** The company's name and protection period. */
    async company(corpId: number) {
      const [row] = await db
        .select({ name: companies.name, protectionDays: companies.referralProtectionDays })
        .from(companies)
        .where(and(eq(companies.id, corpId), eq(companies.isActive, true)))
        .limit(1);
      return row;
    },

    // ---- invitations ----

    /** An invite code with its company and inviter (and whether a partner inviter may invite). */
    async findInvite(code: string) {
      const [row] = await db
        .select({
          ...columnsOf(outsideInvites, ['code', 'corpId', 'staffId', 'partnerId']),
          corpName: companies.name,
          inviterName: sql<string>`coalesce(${inviter.name}, ${inviterStaff.name}, '')`,
          partnerStaffId: inviter.staffId,
          partnerStatus: inviter.status,
          staffActive: inviterStaff.isActive,
        })
        .from(outsideInvites)
        .innerJoin(companies, and(eq(companies.id, outsideInvites.corpId), eq(companies.isActive, true)))
        .leftJoin(inviter, eq(inviter.id, outsideInvites.partnerId))
        .leftJoin(inviterStaff, eq(inviterStaff.id, outsideInvites.staffId))
        .where(eq(outsideInvites.code, code))
        .limit(1);
      return row;
    },

    /** The inviter's code: the stored one, or `fresh` stored now (a race between two asks keeps one). */
    async inviteCodeOf(corpId: number, who: { staffId: number } | { partnerId: number }, fresh: string) {
      const owner =
        'staffId' in who ? eq(outsideInvites.staffId, who.staffId) : eq(outsideInvites.partnerId, who.partnerId);
      await db
        .insert(outsideInvites)
        .values({ code: fresh, corpId, ...who })
        .onConflictDoNothing();
      const [row] = await db
        .select({ code: outsideInvites.code })
        .from(outsideInvites)
        .where(and(eq(outsideInvites.corpId, corpId), owner))
        .limit(1);
      return row?.code;
    },

    // ---- partners ----

    async partnerIdByPhone(corpId: number, phone: string, ex: Executor = db) {
      const bidx = (await sealerOf(ex, corpId)).index('phone', phone) ?? '';
      const [row] = await ex
        .select({ id: outsidePartners.id })
        .from(outsidePartners)
        .where(and(eq(outsidePartners.corpId, corpId), eq(outsidePartners.phoneBidx, bidx)))
        .limit(1);
      return row?.id;
    },

    async insertPartner(tx: Tx, values: typeof outsidePartners.$inferInsert) {
      const [row] = await tx
        .insert(outsidePartners)
        .values(await sealValues(tx, values.corpId, OUTSIDE_PARTNERS_PII, values))
        .returning({ id: outsidePartners.id });
      return row?.id;
    },

    /** The partner's own account page: the partner, the inviter, and counts as of `at`. */
    async account(corpId: number, id: number, at: Date) {
      const soon = new Date(at.getTime() + 7 * 86_400_000);
      const [row] = await selectPartners(at)
        .where(and(eq(outsidePartners.corpId, corpId), eq(outsidePartners.id, id)))
        .limit(1);
      if (!row) return undefined;
      const [expiring] = await db
        .select({ n: count() })
        .from(outsideReferrals)
        .where(
          and(
            eq(outsideReferrals.corpId, corpId),
            eq(outsideReferrals.partnerId, id),
            statusWhere(1, at),
            lte(outsideReferrals.protectedUntil, iso(soon)),
          ),
        );
      return { ...row, expiring: expiring?.n ?? 0 };
    },

    /** Partners of a staff scope, or a partner's sub-partners, newest first. */
    listPartners: (
      where: { corpId: number } & ({ staffId: number } | { teamId: number } | { parentId: number }),
      status: number,
      page: PageRequest,
      at: Date,
    ) =>
      keyset(page, outsidePartners.id, (limit, before) =>
        selectPartners(at)
          .where(
            and(
              eq(outsidePartners.corpId, where.corpId),
              'staffId' in where
                ? eq(outsidePartners.staffId, where.staffId)
                : 'parentId' in where
                  ? eq(outsidePartners.parentId, where.parentId)
                  : eq(inviterStaff.teamId, where.teamId),
              status >= 0 ? eq(outsidePartners.status, status) : undefined,
              before,
            ),
          )
          .orderBy(desc(outsidePartners.id))
          .limit(limit),
      ),

    partnerRow: async (corpId: number, id: number, at: Date) => {
      const [row] = await selectPartners(at)
        .where(and(eq(outsidePartners.corpId, corpId), eq(outsidePartners.id, id)))
        .limit(1);
      return row;
    },

    /** Approves or declines a partner still waiting; false when someone decided first. */
    async decidePartner(decision: { corpId: number; id: number; status: 1 | 2; reason: string; by: number; at: Date }) {
      const rows = await db
        .update(outsidePartners)
        .set({
          status: decision.status,
          declineReason: decision.reason,
          decidedBy: decision.by,
          decidedAt: decision.at,
        })
        .where(columnsEqual(outsidePartners, { corpId: decision.corpId, id: decision.id, status: 0 }))
        .returning({ id: outsidePartners.id });
      return rows.length === 1;
    },

    /** A leader's team, member by member: partners, waiting ones and referral counts. */
    async teamSummary(corpId: number, teamId: number, at: Date) {
      // Spelled out: a one-table select leaves its columns unqualified, which the subqueries would misread.
      const staffId = sql.raw('"staff"."id"');
      const ofStaff = sql`(select p.id from ${outsidePartners} p where p.corp_id = ${corpId} and p.staff_id = ${staffId})`;
      return db
        .select({
          staffId: staff.id,
          staffName: staff.name,
          partners:
            sql<number>`(select count(*)::int from ${outsidePartners} p where p.corp_id = ${corpId} and p.staff_id = ${staffId})`.mapWith(
              Number,
            ),
          pending:
            sql<number>`(select count(*)::int from ${outsidePartners} p where p.corp_id = ${corpId} and p.staff_id = ${staffId} and p.status = 0)`.mapWith(
              Number,
            ),
          counts: {
            protected: countWhere(and(sql`${outsideReferrals.partnerId} in ${ofStaff}`, statusWhere(1, at))),
            converted: countWhere(and(sql`${outsideReferrals.partnerId} in ${ofStaff}`, statusWhere(2, at))),
            released: countWhere(and(sql`${outsideReferrals.partnerId} in ${ofStaff}`, statusWhere(3, at))),
          },
        })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.teamId, teamId), eq(staff.isActive, true)))
        .orderBy(staff.id);
    },

    // ---- referrals ----

    async insertReferral(tx: Tx, values: typeof outsideReferrals.$inferInsert) {
      const [row] = await tx
        .insert(outsideReferrals)
        .values(await sealValues(tx, values.corpId, OUTSIDE_REFERRALS_PII, values))
        .returning({ id: outsideReferrals.id, protectedUntil: outsideReferrals.protectedUntil });
      return row;
    },

    /** Corrects a protected referral of the partner; undefined when it is not theirs or not protected. */
    async updateReferral(
      tx: Tx,
      key: { corpId: number; id: number; partnerId: number; at: Date },
      values: Partial<typeof outsideReferrals.$inferInsert>,
    ) {
      const [row] = await tx
        .update(outsideReferrals)
        .set({ ...(await sealValues(tx, key.corpId, OUTSIDE_REFERRALS_PII, values)), updatedAt: key.at })
        .where(
          and(
            eq(outsideReferrals.corpId, key.corpId),
            eq(outsideReferrals.id, key.id),
            eq(outsideReferrals.partnerId, key.partnerId),
            statusWhere(1, key.at),
          ),
        )
        .returning({ id: outsideReferrals.id, protectedUntil: outsideReferrals.protectedUntil });
      return row;
    },

    /** A page of referrals, newest first, with the names a row shows. */
    listReferrals: (
      scope: ReferralScope,
      filter: { status: number; expiringBefore: Date | null; partnerId?: number },
      page: PageRequest,
      at: Date,
    ) =>
      keyset(page, outsideReferrals.id, (limit, before) =>
        db
          .select({
            id: outsideReferrals.id,
            name: outsideReferrals.name,
            phone: outsideReferrals.phone,
            status: effectiveStatus(at),
            caseId: outsideReferrals.caseId,
            amountFen: outsideReferrals.amountFen,
            productId: outsideReferrals.productId,
            partnerName: outsidePartners.name,
            protectedUntil: outsideReferrals.protectedUntil,
            createdAt: outsideReferrals.createdAt,
          })
          .from(outsideReferrals)
          .innerJoin(outsidePartners, eq(outsidePartners.id, outsideReferrals.partnerId))
          .where(
            and(
              eq(outsideReferrals.corpId, scope.corpId),
              sql`${outsideReferrals.partnerId} in ${partnerIdsOf(scope)}`,
              filter.partnerId === undefined ? undefined : eq(outsideReferrals.partnerId, filter.partnerId),
              statusWhere(filter.expiringBefore ? 1 : filter.status, at),
              filter.expiringBefore ? lte(outsideReferrals.protectedUntil, iso(filter.expiringBefore)) : undefined,
              before,
            ),
          )
          .orderBy(desc(outsideReferrals.id))
          .limit(limit),
      ),

    /** The names a referral's detail shows: its partner and its channel. */
    async referralNames(corpId: number, partnerId: number, channelId: number | null) {
      const partner = await findInCorp(db, outsidePartners, { name: outsidePartners.name }, corpId, partnerId);
      const channel = channelId
        ? await findInCorp(db, outsideChannels, { name: outsideChannels.name }, corpId, channelId)
        : undefined;
      return { partnerName: partner?.name ?? '', channelName: channel?.name ?? '' };
    },

    /** Every referral whose protection ran out, released (the hourly sweep). */
    async releaseExpired(at: Date) {
      const rows = await db
        .update(outsideReferrals)
        .set({ status: REFERRAL_STATUS.RELEASED, releasedAt: at, updatedAt: at })
        .where(and(eq(outsideReferrals.status, 1), lte(outsideReferrals.protectedUntil, iso(at))))
        .returning({ id: outsideReferrals.id });
      return rows.length;
    },

    async setReferralChannel(
      key: { corpId: number; id: number; partnerId: number; at: Date },
      channelId: number | null,
    ) {
      const rows = await db
        .update(outsideReferrals)
        .set({ channelId, updatedAt: key.at })
        .where(
          and(
            eq(outsideReferrals.corpId, key.corpId),
            eq(outsideReferrals.id, key.id),
            eq(outsideReferrals.partnerId, key.partnerId),
          ),
        )
        .returning({ id: outsideReferrals.id });
      return rows.length === 1;
    },

    // ---- channels ----

    listChannels: (corpId: number, partnerId: number, page: PageRequest) =>
      keyset(page, outsideChannels.id, (limit, before) =>
        db
          .select({
            id: outsideChannels.id,
            name: outsideChannels.name,
            contact: outsideChannels.contact,
            phone: outsideChannels.phone,
            createdAt: outsideChannels.createdAt,
            // Spelled out: a one-table select leaves its columns unqualified, which the subquery would misread.
            referrals:
              sql<number>`(select count(*)::int from ${outsideReferrals} r where r.channel_id = "outside_channels"."id")`.mapWith(
                Number,
              ),
          })
          .from(outsideChannels)
          .where(and(columnsEqual(outsideChannels, { corpId, partnerId, deletedAt: null }), before))
          .orderBy(desc(outsideChannels.id))
          .limit(limit),
      ),

    /** A live channel of the partner, or undefined. */
    async ownChannel(corpId: number, partnerId: number, id: number) {
      const [row] = await db
        .select({ id: outsideChannels.id })
        .from(outsideChannels)
        .where(liveChannel({ corpId, partnerId, id }))
        .limit(1);
      return row;
    },

    async insertChannel(values: typeof outsideChannels.$inferInsert) {
      const [row] = await db
        .insert(outsideChannels)
        .values(await sealValues(db, values.corpId, OUTSIDE_CHANNELS_PII, values))
        .returning({ id: outsideChannels.id });
      return row?.id;
    },

    async updateChannel(
      key: { corpId: number; partnerId: number; id: number },
      values: { name: string; contact: string; phone: string },
    ) {
      const rows = await db
        .update(outsideChannels)
        .set(await sealValues(db, key.corpId, OUTSIDE_CHANNELS_PII, values))
        .where(liveChannel(key))
        .returning({ id: outsideChannels.id });
      return rows.length === 1;
    },

    /** Removes a channel; its referrals keep their history but are no longer filed under it. */
    async deleteChannel(key: { corpId: number; partnerId: number; id: number; at: Date }) {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(outsideChannels)
          .set({ deletedAt: key.at })
          .where(liveChannel(key))
          .returning({ id: outsideChannels.id });
        if (rows.length !== 1) return false;
        await tx
          .update(outsideReferrals)
          .set({ channelId: null, updatedAt: key.at })
          .where(and(eq(outsideReferrals.corpId, key.corpId), eq(outsideReferrals.channelId, key.id)));
        return true;
      });
    },
  };
}

export type OutsideRepository = ReturnType<typeof createOutsideRepository>;

/**
 * The company's partner referrals of a customer by phone, ID number, or name with a phone tail (the duplicate
 * check, decision 066): status as of `at`, the partner and the staff member whose network it is. At most 20.
 */
export async function referralsOfCustomer(
  ex: Executor,
  corpId: number,
  who: {
    phone?: string | undefined;
    phoneTail?: string | undefined;
    idNumber?: string | undefined;
    name?: string | undefined;
  },
  at: Date,
) {
  const network = alias(staff, 'network');
  const pii = await sealerOf(ex, corpId);
  const matches: SQL[] = [];
  if (who.phone) matches.push(eq(outsideReferrals.phoneBidx, pii.index('phone', who.phone) ?? ''));
  if (who.idNumber) matches.push(eq(outsideReferrals.idNumberBidx, pii.index('id_number', who.idNumber) ?? ''));
  // A tail longer than four digits: the last four find the candidates, the rest is checked on the opened phone.
  const tail = who.name && who.phoneTail && who.phoneTail.length >= 4 ? who.phoneTail : undefined;
  if (who.name && tail)
    matches.push(and(eq(outsideReferrals.name, who.name), eq(outsideReferrals.phoneLast4Bidx, pii.last4(tail) ?? ''))!);
  if (matches.length === 0) return [];
  const found = await ex
    .select({
      id: outsideReferrals.id,
      name: outsideReferrals.name,
      phone: outsideReferrals.phone,
      idNumber: outsideReferrals.idNumber,
      status: outsideReferrals.status,
      protectedUntil: outsideReferrals.protectedUntil,
      partnerName: outsidePartners.name,
      staffId: outsidePartners.staffId,
      staffName: network.name,
    })
    .from(outsideReferrals)
    .innerJoin(outsidePartners, eq(outsidePartners.id, outsideReferrals.partnerId))
    .innerJoin(network, eq(network.id, outsidePartners.staffId))
    .where(and(eq(outsideReferrals.corpId, corpId), or(...matches)))
    .orderBy(desc(outsideReferrals.id))
    .limit(20);
  const rows = found
    .filter(
      (row) =>
        !tail ||
        row.name !== who.name ||
        row.phone.endsWith(tail) ||
        (!!who.phone && row.phone === who.phone) ||
        (!!who.idNumber && row.idNumber === who.idNumber),
    )
    .map(({ idNumber: _idNumber, ...row }) => row);
  return rows.map((row) => ({
    ...row,
    status:
      row.status === REFERRAL_STATUS.PROTECTED && row.protectedUntil.getTime() <= at.getTime()
        ? REFERRAL_STATUS.RELEASED
        : row.status,
  }));
}
