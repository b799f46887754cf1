import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { columnsEqual, firstWhere, newestWhere } from '../../db/rows-where.ts';
import {
  activities,
  activityCodes,
  activityEntries,
  activityPrizes,
  activityVisitors,
  lotteryDraws,
} from '../../db/schema/activity.ts';
import { staff } from '../../db/schema/staff.ts';
import { ACTIVITY_ENTRIES_PII, ACTIVITY_VISITORS_PII, sealValues } from '../../pii/fields.ts';

type Executor = Db | Tx;

export type ActivityRow = typeof activities.$inferSelect;
export type PrizeRow = typeof activityPrizes.$inferSelect;
export type EntryRow = typeof activityEntries.$inferSelect;
export type CodeRow = typeof activityCodes.$inferSelect;
export type DrawRow = typeof lotteryDraws.$inferSelect;
export type NewActivity = typeof activities.$inferInsert;

/** The rows of one visitor of a company, in one activity of it or in all: each visitor table has these columns. */
function visitorsRows(
  t: { corpId: PgColumn; openid: PgColumn; activityId: PgColumn },
  v: VisitorKey,
  activityId: number | undefined,
) {
  return and(
    eq(t.corpId, v.corpId),
    eq(t.openid, v.openid),
    activityId === undefined ? undefined : eq(t.activityId, activityId),
  );
}

/** Thrown inside a claim's transaction to undo it: the stock ran out. */
class SoldOut extends Error {}

/**
 * Thrown by a draw (its transaction undone, so the visitor may draw again later) when this period's release
 * is all drawn and a later period still has tickets (decision 070).
 */
export class PeriodSpentError extends Error {}

/** A visitor of a company: the openid their session names. */
export interface VisitorKey {
  corpId: number;
  openid: string;
}

export function createActivityRepository(db: Db) {
  /** The visitor's sign-up of one kind to an activity, if any. */
  const entry = (activityId: number, openid: string, kind: 'register' | 'subscribe') =>
    firstWhere(db, activityEntries, columnsEqual(activityEntries, { activityId, openid, kind }));

  /** Writes a code row for the visitor, retrying the (astronomically rare) clash of two random codes. */
  async function insertCode(
    tx: Tx,
    values: Omit<typeof activityCodes.$inferInsert, 'code'>,
    newCode: () => string,
  ): Promise<{ row: CodeRow; already: boolean }> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(activityCodes)
        .values({ ...values, code: newCode() })
        .onConflictDoNothing()
        .returning();
      if (row) return { row, already: false };
      const mine = await firstWhere(
        tx,
        activityCodes,
        columnsEqual(activityCodes, { activityId: values.activityId, openid: values.openid }),
      );
      if (mine) return { row: mine, already: true };
    }
    throw new Error('five random codes in a row were taken');
  }

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** An activity by id, whatever its company (the public page names it by id). */
    async find(id: number, ex: Executor = db): Promise<ActivityRow | undefined> {
      const [row] = await ex.select().from(activities).where(eq(activities.id, id)).limit(1);
      return row;
    },

    findByKey: async (corpId: number, key: string, ex: Executor = db) =>
      (
        await ex
          .select()
          .from(activities)
          .where(and(eq(activities.corpId, corpId), eq(activities.key, key)))
      )[0],

    prizes: (activityId: number, ex: Executor = db) =>
      ex
        .select()
        .from(activityPrizes)
        .where(eq(activityPrizes.activityId, activityId))
        .orderBy(asc(activityPrizes.tier)),

    /**
     * Inserts or updates an authored activity (the admin command) and its prizes by tier; tiers left out are
     * removed only while nobody has drawn (`frozen` false).
     */
    async saveActivity(
      tx: Tx,
      values: NewActivity,
      prizes: Omit<typeof activityPrizes.$inferInsert, 'activityId' | 'corpId'>[],
      frozen: boolean,
    ) {
      const { corpId: _corp, key: _key, ...changes } = values;
      const [row] = await tx
        .insert(activities)
        .values(values)
        .onConflictDoUpdate({ target: [activities.corpId, activities.key], set: changes })
        .returning();
      if (!row) throw new Error('activity not written');
      for (const prize of prizes)
        await tx
          .insert(activityPrizes)
          .values({ ...prize, corpId: row.corpId, activityId: row.id })
          .onConflictDoUpdate({
            target: [activityPrizes.corpId, activityPrizes.activityId, activityPrizes.tier],
            set: {
              name: prize.name,
              redeemNote: prize.redeemNote ?? '',
              stock: prize.stock,
              valueFen: prize.valueFen ?? 0,
            },
          });
      if (!frozen) {
        const tiers = prizes.map((p) => p.tier);
        await tx
          .delete(activityPrizes)
          .where(
            and(
              eq(activityPrizes.activityId, row.id),
              tiers.length === 0 ? undefined : notInArray(activityPrizes.tier, tiers),
            ),
          );
      }
      return row;
    },

    /** Whether any visitor has taken part (then the pool and stock are frozen). */
    async hasParticipants(activityId: number, ex: Executor = db) {
      const [draws] = await ex.select({ n: count() }).from(lotteryDraws).where(eq(lotteryDraws.activityId, activityId));
      const [codes] = await ex
        .select({ n: count() })
        .from(activityCodes)
        .where(eq(activityCodes.activityId, activityId));
      const [entries] = await ex
        .select({ n: count() })
        .from(activityEntries)
        .where(eq(activityEntries.activityId, activityId));
      return (draws?.n ?? 0) + (codes?.n ?? 0) + (entries?.n ?? 0) > 0;
    },

    async visitorPhone(v: VisitorKey): Promise<string | null> {
      const [row] = await db
        .select({ phone: activityVisitors.phone })
        .from(activityVisitors)
        .where(and(eq(activityVisitors.corpId, v.corpId), eq(activityVisitors.openid, v.openid)));
      return row?.phone ?? null;
    },

    async setVisitorPhone(tx: Tx, v: VisitorKey, phone: string, at: Date) {
      const sealed = await sealValues(tx, v.corpId, ACTIVITY_VISITORS_PII, { phone });
      await tx
        .insert(activityVisitors)
        .values({ ...v, ...sealed, verifiedAt: at })
        .onConflictDoUpdate({
          target: [activityVisitors.corpId, activityVisitors.openid],
          set: { ...sealed, verifiedAt: at },
        });
    },

    /** Writes a sign-up once per visitor, activity and kind; answers the one that counts and whether this call wrote it. */
    async addEntry(values: typeof activityEntries.$inferInsert): Promise<{ row: EntryRow; already: boolean }> {
      const [row] = await db
        .insert(activityEntries)
        .values(await sealValues(db, values.corpId, ACTIVITY_ENTRIES_PII, values))
        .onConflictDoNothing()
        .returning();
      if (row) return { row, already: false };
      const existing = await entry(values.activityId, values.openid, values.kind ?? 'register');
      if (!existing) throw new Error('entry neither written nor found');
      return { row: existing, already: true };
    },

    entry,

    /**
     * One draw: the visitor's row first (the unique (activity, openid) refuses a second, also when two race),
     * then the next ticket under the activity row's lock (one atomic UPDATE … SET next_ticket = next_ticket + 1
     * RETURNING), so no ticket is taken twice and no prize is issued beyond the pool. A winner gets a code.
     * `window` is what the release plan lets this period take (decision 070): the ticket is the cursor (or the
     * window's start, when earlier periods' tickets lapse), and only while it is before the window's end, so
     * no period issues more than its segment holds however many draw at once. Without it, the whole pool.
     */
    async draw(
      input: VisitorKey & {
        activityId: number;
        at: Date;
        codeExpiresAt: Date;
        /** `final`: no later period has tickets (then an empty window is 谢谢参与, as an empty pool is). */
        window?: { from: number; to: number; final: boolean } | undefined;
      },
      newCode: () => string,
    ): Promise<{ already: true } | { already: false; draw: DrawRow; code: CodeRow | null; prize: PrizeRow | null }> {
      return db.transaction(async (tx) => {
        const [draw] = await tx
          .insert(lotteryDraws)
          .values({
            corpId: input.corpId,
            activityId: input.activityId,
            openid: input.openid,
            tier: 4,
            createdAt: input.at,
          })
          .onConflictDoNothing({ target: [lotteryDraws.activityId, lotteryDraws.openid, lotteryDraws.corpId] })
          .returning();
        if (!draw) return { already: true as const };
        const from = input.window?.from ?? 0;
        const cursor = sql`greatest(${activities.nextTicket}, ${from}::integer)`;
        const [taken] = await tx
          .update(activities)
          .set({ nextTicket: sql`${cursor} + 1` })
          .where(
            and(
              eq(activities.id, input.activityId),
              lt(
                cursor,
                input.window ? sql`least(${input.window.to}::integer, ${activities.poolSize})` : activities.poolSize,
              ),
            ),
          )
          .returning({
            ticket: sql<number>`${activities.nextTicket} - 1`,
            tier: sql<string>`substr(${activities.pool}, ${activities.nextTicket}, 1)`,
          });
        if (!taken && input.window && !input.window.final) throw new PeriodSpentError();
        if (!taken) return { already: false as const, draw, code: null, prize: null };
        const ticket = Number(taken.ticket);
        const tier = Number(taken.tier);
        const [prize] =
          tier >= 1 && tier <= 3
            ? await tx
                .select()
                .from(activityPrizes)
                .where(and(eq(activityPrizes.activityId, input.activityId), eq(activityPrizes.tier, tier)))
            : [];
        const [updated] = await tx
          .update(lotteryDraws)
          .set({ ticket, tier: prize ? tier : 4, prizeId: prize?.id ?? null })
          .where(eq(lotteryDraws.id, draw.id))
          .returning();
        if (!updated) throw new Error('draw vanished');
        if (!prize) return { already: false as const, draw: updated, code: null, prize: null };
        const { row } = await insertCode(
          tx,
          {
            corpId: input.corpId,
            activityId: input.activityId,
            openid: input.openid,
            kind: 'prize',
            title: prize.name,
            prizeId: prize.id,
            expiresAt: input.codeExpiresAt,
            createdAt: input.at,
          },
          newCode,
        );
        return { already: false as const, draw: updated, code: row, prize };
      });
    },

    /** The visitor's draw in an activity, with its prize and code. */
    drawOf: (activityId: number, openid: string) =>
      firstWhere(db, lotteryDraws, and(eq(lotteryDraws.activityId, activityId), eq(lotteryDraws.openid, openid))),

    /**
     * Claims a coupon once per visitor: the code row first (the unique (activity, openid) answers a second
     * claim with the first), then one of the stock under the activity row's lock; none left undoes both.
     */
    async claimCoupon(
      input: VisitorKey & { activityId: number; title: string; valueFen: number; at: Date; expiresAt: Date },
      newCode: () => string,
    ): Promise<{ status: 'soldOut' } | { status: 'ok'; row: CodeRow; already: boolean }> {
      try {
        return await db.transaction(async (tx) => {
          const { row, already } = await insertCode(
            tx,
            {
              corpId: input.corpId,
              activityId: input.activityId,
              openid: input.openid,
              kind: 'coupon',
              title: input.title,
              valueFen: input.valueFen,
              expiresAt: input.expiresAt,
              createdAt: input.at,
            },
            newCode,
          );
          if (already) return { status: 'ok' as const, row, already };
          const [taken] = await tx
            .update(activities)
            .set({ couponIssued: sql`${activities.couponIssued} + 1` })
            .where(and(eq(activities.id, input.activityId), lt(activities.couponIssued, activities.couponStock)))
            .returning({ issued: activities.couponIssued });
          if (!taken) throw new SoldOut();
          return { status: 'ok' as const, row, already };
        });
      } catch (error) {
        if (error instanceof SoldOut) return { status: 'soldOut' };
        throw error;
      }
    },

    /** The visitor's sign-ups, draws and codes in a company (or one activity of it). */
    async mine(v: VisitorKey, activityId: number | undefined) {
      const entries = await db
        .select({ entry: activityEntries, title: activities.title, type: activities.type })
        .from(activityEntries)
        .innerJoin(activities, eq(activities.id, activityEntries.activityId))
        .where(visitorsRows(activityEntries, v, activityId))
        .orderBy(desc(activityEntries.id))
        .limit(100);
      const draws = await newestWhere(db, lotteryDraws, visitorsRows(lotteryDraws, v, activityId), 100);
      const codes = await newestWhere(db, activityCodes, visitorsRows(activityCodes, v, activityId), 100);
      const prizeIds = draws.map((d) => d.prizeId).filter((id): id is number => id !== null);
      const prizes =
        prizeIds.length === 0 ? [] : await db.select().from(activityPrizes).where(inArray(activityPrizes.id, prizeIds));
      return { entries, draws, codes, prizes };
    },

    /** A company's published activities with their sign-up counts, newest first (drafts have no share link). */
    async list(corpId: number) {
      return db
        .select({
          activity: activities,
          entries: sql<number>`(select count(*) from ${activityEntries} where ${activityEntries.activityId} = ${activities.id})`,
        })
        .from(activities)
        .where(and(eq(activities.corpId, corpId), isNotNull(activities.publishedAt)))
        .orderBy(desc(activities.startsAt), desc(activities.id))
        .limit(100);
    },

    /** One page of an activity's sign-ups, newest first, with the sharing staff member's name. */
    async entriesPage(corpId: number, activityId: number, page: KeysetPage) {
      const rows = await keyset(page, activityEntries.id, (limit, before) =>
        db
          .select({ entry: activityEntries, staffName: staff.name })
          .from(activityEntries)
          .leftJoin(staff, eq(staff.id, activityEntries.sharedByStaffId))
          .where(and(eq(activityEntries.corpId, corpId), eq(activityEntries.activityId, activityId), before))
          .orderBy(desc(activityEntries.id))
          .limit(limit),
      );
      const [total] = await db
        .select({ n: count() })
        .from(activityEntries)
        .where(and(eq(activityEntries.corpId, corpId), eq(activityEntries.activityId, activityId)));
      return { rows: rows.map((r) => ({ ...r.entry, staffName: r.staffName })), total: total?.n ?? 0 };
    },

    /** Redeems a code of the company once, before it expires: one conditional update, so of two scans one wins. */
    async redeem(corpId: number, code: string, staffId: number, at: Date) {
      const [row] = await db
        .update(activityCodes)
        .set({ redeemedAt: at, redeemedBy: staffId })
        .where(
          and(
            eq(activityCodes.corpId, corpId),
            eq(activityCodes.code, code),
            isNull(activityCodes.redeemedAt),
            gt(activityCodes.expiresAt, at),
          ),
        )
        .returning();
      return row;
    },

    /** A staff member's name in a company (a share link's sharer), or undefined. */
    async staffName(corpId: number, id: number) {
      return (await findInCorp(db, staff, { name: staff.name }, corpId, id))?.name;
    },

    codeInCorp: (corpId: number, code: string) =>
      firstWhere(db, activityCodes, and(eq(activityCodes.corpId, corpId), eq(activityCodes.code, code))),
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
