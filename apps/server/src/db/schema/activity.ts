import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fairs } from './fair.ts';
import { houseChannels } from './house.ts';
import { companyRef, staff } from './staff.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';
import { sealedText } from '../../pii/column.ts';

/*
 * Marketing activities for WeChat visitors (spec §2 /activity, issue 17, decision 056). Only
 * modules/activity imports this file. A visitor is an openid of the company's official account (decision
 * 040); `activity_visitors` remembers the phone they proved by SMS.
 */

export const ACTIVITY_TYPES = ['car', 'lottery', 'coupon', 'signin'] as const;

/** A form field of an activity's sign-up (the car models to choose, say), as authored. */
export interface ActivityField {
  name: string;
  label: string;
  options?: string[];
}

/** A question of a fair's questionnaire (subscribe): one choice among options. */
export interface ActivityQuestion {
  id: string;
  text: string;
  options: string[];
}

/** One activity, authored by the admin command (`npm run activity -- file`), keyed per company by `key`. */
export const activities = pgTable(
  'activities',
  {
    id: identity(),
    corpId: companyRef(),
    /** The author's handle: loading the file again updates this activity rather than adding one. */
    key: text().notNull(),
    type: text({ enum: ACTIVITY_TYPES }).notNull(),
    title: text().notNull(),
    intro: text().notNull().default(''),
    coverUrl: text().notNull().default(''),
    startsAt: timestamptz().notNull(),
    endsAt: timestamptz().notNull(),
    /** Whether a visitor proves a phone by SMS (lotteryLogin) before taking part. */
    requiresPhone: boolean().notNull().default(false),
    fields: jsonb().$type<ActivityField[]>().notNull().default([]),
    questions: jsonb().$type<ActivityQuestion[]>().notNull().default([]),
    /** The fair a sign-in activity is the visitors' side of (the staff check in to the same fair, decision 051). */
    fairId: integer(),
    // Lottery: the pool fixed at authoring (tier digits), its secret seed, the published hashes, the next ticket.
    poolSize: integer().notNull().default(0),
    pool: text().notNull().default(''),
    seed: text().notNull().default(''),
    seedCommitment: text().notNull().default(''),
    poolHash: text().notNull().default(''),
    nextTicket: integer().notNull().default(0),
    /** Days a won prize may be redeemed after the activity ends. */
    prizeRedeemDays: integer().notNull().default(30),
    /**
     * The lottery's release plan (issue 51, decision 070): '' the whole pool at once, 'day' or 'hour' one
     * segment of the pool per China calendar day or hour of the campaign; `releaseRollover` whether a
     * period's undrawn tickets stay drawable later. Part of what the pool hash commits to.
     */
    releaseEvery: text({ enum: ['', 'day', 'hour'] })
      .notNull()
      .default(''),
    releaseRollover: boolean().notNull().default(true),
    releasePeriods: integer().notNull().default(1),
    /** Whom a visitor complains to (a phone or address), shown on every page of the activity. */
    complaintContact: text().notNull().default(''),
    /** When the activity was published: its page, tiers and odds public; null a draft no visitor sees. */
    publishedAt: timestamptz(),
    // Coupon: what it is worth, how many, for how long after claiming.
    couponTitle: text().notNull().default(''),
    couponValueFen: integer().notNull().default(0),
    couponStock: integer().notNull().default(0),
    couponIssued: integer().notNull().default(0),
    couponValidDays: integer().notNull().default(30),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('activities_fair_id_fk', t.corpId, t.fairId, () => fairs),
    uniqueIndex('activities_key').on(t.corpId, t.key),
    index().on(t.corpId, t.endsAt),
    check('activities_dates', sql`${t.startsAt} < ${t.endsAt}`),
    check('activities_pool', sql`${t.nextTicket} >= 0 and ${t.nextTicket} <= ${t.poolSize}`),
    check('activities_coupon_stock', sql`${t.couponIssued} >= 0 and ${t.couponIssued} <= ${t.couponStock}`),
    check('activities_coupon_value', sql`${t.couponValueFen} >= 0`),
    check('activities_release_periods', sql`${t.releasePeriods} >= 1`),
  ],
);

/** The activity a row belongs to. */
export const activityRef = () => integer().notNull();

/** A lottery's prize of a tier (1..3; tier 4, 谢谢参与, has none). */
export const activityPrizes = pgTable(
  'activity_prizes',
  {
    id: identity(),
    corpId: companyRef(),
    activityId: activityRef(),
    tier: smallint().notNull(),
    name: text().notNull(),
    stock: integer().notNull(),
    /** What one prize is worth, fen (at most ¥50,000: the ceiling for prize sales, decision 070). */
    valueFen: integer().notNull().default(0),
    /** How a winner redeems it (shown on the prize page). */
    redeemNote: text().notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('activity_prizes_activity_id_fk', t.corpId, t.activityId, () => activities),
    uniqueIndex('activity_prizes_tier').on(t.activityId, t.tier, t.corpId),
    check('activity_prizes_tier_range', sql`${t.tier} between 1 and 3`),
    check('activity_prizes_stock', sql`${t.stock} >= 0`),
    check('activity_prizes_value', sql`${t.valueFen} between 0 and 5000000`),
  ],
);

/** The phone a visitor proved with an SMS code (lotteryLogin), per company and openid. */
export const activityVisitors = pgTable(
  'activity_visitors',
  {
    corpId: companyRef(),
    openid: text().notNull(),
    /** Sealed (decision 074); read by openid, never looked up. */
    phone: sealedText('activity_visitors.phone').notNull(),
    verifiedAt: timestamptz().notNull(),
  },
  (t) => [primaryKey({ columns: [t.corpId, t.openid] })],
);

/** A visitor's sign-up: a test-drive booking or a fair registration ('register'), a questionnaire ('subscribe'). */
export const activityEntries = pgTable(
  'activity_entries',
  {
    id: identity(),
    corpId: companyRef(),
    activityId: activityRef(),
    openid: text().notNull(),
    kind: text({ enum: ['register', 'subscribe'] })
      .notNull()
      .default('register'),
    name: text().notNull().default(''),
    /** Sealed (decision 074); never looked up (one sign-up per openid, not per phone). */
    phone: sealedText('activity_entries.phone').notNull().default(''),
    /** The form's other answers (car model, date; the questionnaire's choices). */
    answers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** Who shared the link the visitor came by (a signed share link), for attribution. */
    sharedByStaffId: integer(),
    sharedByChannelId: integer(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('activity_entries_activity_id_fk', t.corpId, t.activityId, () => activities),
    corpRef('activity_entries_shared_by_staff_id_fk', t.corpId, t.sharedByStaffId, () => staff),
    corpRef('activity_entries_shared_by_channel_id_fk', t.corpId, t.sharedByChannelId, () => houseChannels),
    uniqueIndex('activity_entries_once').on(t.activityId, t.openid, t.kind, t.corpId),
    index().on(t.corpId, t.activityId, t.id),
    check('activity_entries_one_sharer', sql`num_nonnulls(${t.sharedByStaffId}, ${t.sharedByChannelId}) <= 1`),
  ],
);

/** A lottery draw: one per visitor and activity; the ticket it took (null once the pool ran out) and its tier. */
export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: identity(),
    corpId: companyRef(),
    activityId: activityRef(),
    openid: text().notNull(),
    ticket: integer(),
    tier: smallint().notNull(),
    prizeId: integer(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('lottery_draws_activity_id_fk', t.corpId, t.activityId, () => activities),
    corpRef('lottery_draws_prize_id_fk', t.corpId, t.prizeId, () => activityPrizes),
    uniqueIndex('lottery_draws_once').on(t.activityId, t.openid, t.corpId),
    uniqueIndex('lottery_draws_ticket').on(t.activityId, t.ticket, t.corpId),
    check('lottery_draws_tier', sql`${t.tier} between 1 and 4`),
  ],
);

/** A coupon claimed or a prize won: an unguessable code staff redeem once before it expires. */
export const activityCodes = pgTable(
  'activity_codes',
  {
    id: identity(),
    corpId: companyRef(),
    activityId: activityRef(),
    openid: text().notNull(),
    kind: text({ enum: ['coupon', 'prize'] }).notNull(),
    code: text().notNull(),
    title: text().notNull(),
    valueFen: integer().notNull().default(0),
    prizeId: integer(),
    expiresAt: timestamptz().notNull(),
    redeemedAt: timestamptz(),
    redeemedBy: integer(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('activity_codes_activity_id_fk', t.corpId, t.activityId, () => activities),
    corpRef('activity_codes_prize_id_fk', t.corpId, t.prizeId, () => activityPrizes),
    corpRef('activity_codes_redeemed_by_fk', t.corpId, t.redeemedBy, () => staff),
    uniqueIndex('activity_codes_code').on(t.code, t.corpId),
    uniqueIndex('activity_codes_once').on(t.activityId, t.openid, t.corpId),
    index().on(t.corpId, t.activityId, t.id),
    check('activity_codes_redeemed', sql`(${t.redeemedAt} is null) = (${t.redeemedBy} is null)`),
  ],
);
