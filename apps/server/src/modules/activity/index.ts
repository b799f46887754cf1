import { randomBytes } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  ACTIVITY_TYPES,
  derivePool,
  periodsOf,
  poolHash,
  seedCommitment,
  segmentsOf,
  type PoolComposition,
} from '@crm/domain/activity';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageInCorp } from '../../db/find-in-corp.ts';
import type { KeysetPage } from '../../db/keyset.ts';
import { activities } from '../../db/schema/activity.ts';
import { checkFile } from '../file-problems.ts';
import { createActivityRepository } from './activity.repository.ts';
import { ACTIVITY_PLACES, ACTIVITY_RULE_TEXTS as T } from './activity.texts.ts';

/*
 * The public surface of modules/activity (marketing activities for WeChat visitors, decision 056): authoring
 * activities from a file, for the admin command (`npm run activity -- <file>`) and the seed.
 */

const when = z.iso.datetime({ offset: true, error: '时间须为 ISO 8601，如 2026-05-01T09:00:00+08:00' });

/** The legal ceiling of one prize in a prize sale (反不正当竞争法 第十条: ¥50,000), fen. */
export const PRIZE_VALUE_CEILING_FEN = 5_000_000;
/** The most periods a release plan may cut a campaign into (62 days by the hour). */
const MOST_PERIODS = 1488;

/**
 * The options WeChat bans on external pages (诱导分享: a draw, or more draws, for sharing, inviting or a
 * friend's help) have no place in an activity: a key naming one is refused by name; any other key the rules
 * do not know is refused too, so no such option can hide under another name.
 */
const BANNED_MECHANIC = /share|invite|assist|help|friend|referr|分享|转发|邀请|助力|好友|砍价/i;
const unknownKeys = (issue: z.core.$ZodRawIssue) => {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const banned = issue.keys.find((k) => BANNED_MECHANIC.test(k));
  return banned ? T.bannedMechanic(banned) : T.unknownOption(issue.keys.join('、'));
};

const prizeSchema = z.strictObject(
  {
    tier: z.number().int().min(1).max(3),
    name: z.string().min(1),
    stock: z.number().int().min(0),
    /** What one prize is worth, fen: published with the tier, at most the legal ceiling. */
    value_fen: z
      .number({ error: T.prizeValueRequired })
      .int(T.prizeValueRequired)
      .min(1, T.prizeValueRequired)
      .max(PRIZE_VALUE_CEILING_FEN, T.prizeValueCeiling),
    redeem_note: z.string().default(''),
  },
  { error: unknownKeys },
);

const lotterySchema = z.strictObject(
  {
    pool_size: z.number().int().positive().max(1_000_000),
    prizes: z.array(prizeSchema).min(1),
    prize_redeem_days: z.number().int().positive().default(30),
    /** Prizes released per China calendar day or hour over the campaign (absent: all at once). */
    release: z
      .strictObject({ every: z.enum(['day', 'hour']), rollover: z.boolean().default(true) }, { error: unknownKeys })
      .optional(),
  },
  { error: unknownKeys },
);

export const activitySpecSchema = z
  .strictObject(
    {
      key: z.string().trim().min(1).max(60),
      type: z.enum(ACTIVITY_TYPES),
      title: z.string().trim().min(1).max(60),
      intro: z.string().max(2000).default(''),
      cover_url: z.string().max(500).default(''),
      starts_at: when,
      ends_at: when,
      requires_phone: z.boolean().default(false),
      /** Whom a visitor complains to: shown on every page of the activity. */
      complaint_contact: z
        .string({ error: T.complaintRequired })
        .trim()
        .min(1, T.complaintRequired)
        .max(100, T.complaintTooLong),
      /**
       * Published: the page, tiers, values, counts and odds are public and visitors may take part; from then
       * on they are frozen (a new version is a new activity). Once published an activity stays published.
       */
      published: z.boolean().default(false),
      fields: z
        .array(z.object({ name: z.string().min(1), label: z.string().min(1), options: z.array(z.string()).optional() }))
        .default([]),
      questions: z
        .array(
          z.object({ id: z.string().min(1).max(40), text: z.string().min(1), options: z.array(z.string()).min(2) }),
        )
        .default([]),
      fair_id: z.number().int().positive().optional(),
      lottery: lotterySchema.optional(),
      coupon: z
        .object({
          title: z.string().min(1),
          value_fen: z.number().int().min(0),
          stock: z.number().int().positive(),
          valid_days: z.number().int().positive().default(30),
        })
        .optional(),
    },
    { error: unknownKeys },
  )
  .refine((a) => Date.parse(a.starts_at) < Date.parse(a.ends_at), '结束时间须晚于开始时间')
  .refine((a) => a.type !== 'lottery' || a.lottery, '抽奖活动须写明奖池（lottery）')
  .refine((a) => a.type !== 'coupon' || a.coupon, '优惠券活动须写明优惠券（coupon）')
  .refine(
    (a) => !a.lottery || new Set(a.lottery.prizes.map((p) => p.tier)).size === a.lottery.prizes.length,
    '每个奖项等级只能写一次',
  )
  .refine(
    (a) => !a.lottery || a.lottery.prizes.reduce((n, p) => n + p.stock, 0) <= a.lottery.pool_size,
    '奖品总数超过奖池大小',
  )
  .superRefine((a, ctx) => {
    const composition = a.lottery ? compositionOf(a) : null;
    if (!composition?.release || Date.parse(a.starts_at) >= Date.parse(a.ends_at)) return;
    const path = ['lottery', 'release', 'every'];
    if (composition.release.periods > MOST_PERIODS)
      ctx.addIssue({ code: 'custom', path, message: T.tooManyPeriods(composition.release.periods, MOST_PERIODS) });
    else if (composition.size < composition.release.periods)
      ctx.addIssue({ code: 'custom', path, message: T.poolSmallerThanPeriods(composition.release.periods) });
    else if (segmentsOf(composition).some((s) => s.prizes.reduce((n, p) => n + p.stock, 0) > s.to - s.from))
      ctx.addIssue({ code: 'custom', path: ['lottery', 'pool_size'], message: T.periodOverfull });
  });

/** A lottery spec's pool: its size, stocks and release plan (the periods its dates touch). */
export function compositionOf(spec: {
  starts_at: string;
  ends_at: string;
  lottery?: { pool_size: number; prizes: { tier: number; stock: number }[]; release?: ReleaseSpec | undefined };
}): PoolComposition | null {
  if (!spec.lottery) return null;
  const release = spec.lottery.release;
  return {
    size: spec.lottery.pool_size,
    prizes: spec.lottery.prizes.map((p) => ({ tier: p.tier, stock: p.stock })),
    release: release
      ? {
          every: release.every,
          rollover: release.rollover,
          periods: periodsOf(release.every, Date.parse(spec.starts_at), Date.parse(spec.ends_at)),
        }
      : null,
  };
}
type ReleaseSpec = { every: 'day' | 'hour'; rollover: boolean };

export const activityFileSchema = z.object({
  corp_id: z.number().int().positive(),
  activities: z.array(activitySpecSchema).min(1),
});
export type ActivityFile = z.input<typeof activityFileSchema>;
export type ActivitySpec = z.output<typeof activitySpecSchema>;

/** Reads an activity file (YAML or JSON). */
export const parseActivityFile = (text: string) => activityFileSchema.parse(parseYaml(text));

/** What of a lottery or coupon is frozen once published: tiers, their prizes, values, counts, the odds and plan. */
function frozenTerms(spec: {
  type: string;
  starts_at: string;
  ends_at: string;
  lottery?: ActivitySpec['lottery'];
  coupon?: { stock: number; value_fen: number } | undefined;
}) {
  const composition = compositionOf(spec);
  return JSON.stringify({
    type: spec.type,
    pool: composition?.size ?? 0,
    release: composition?.release ?? null,
    prizes: [...(spec.lottery?.prizes ?? [])]
      .sort((a, b) => a.tier - b.tier)
      .map((p) => [p.tier, p.name, p.stock, p.value_fen]),
    coupon: spec.coupon ? [spec.coupon.stock, spec.coupon.value_fen] : null,
  });
}

/**
 * Writes one activity (or updates the one of the same key). A lottery's pool is fixed here: a fresh secret
 * seed, the pool (released over the campaign's days or hours when the plan says so) and its two hashes.
 * `published` makes it public (decision 070); once published, or once anyone took part, its tiers, prizes,
 * values, counts, odds, release plan and coupon stock are frozen and a file changing them is refused: a new
 * version is a new activity (another key). Texts may still change.
 */
export async function authorActivity(db: Db | Tx, corpId: number, spec: ActivitySpec, at: Date) {
  const repo = createActivityRepository(db as Db);
  const run = async (tx: Tx) => {
    const existing = await repo.findByKey(corpId, spec.key, tx);
    const frozen =
      existing !== undefined && (existing.publishedAt !== null || (await repo.hasParticipants(existing.id, tx)));
    const composition = compositionOf(spec);
    let lottery = {};
    if (frozen && existing) {
      const stored = await findActivitySpecForAdmin(tx, corpId, existing.id);
      if (!stored || frozenTerms(stored.spec) !== frozenTerms(spec))
        throw Object.assign(new Error(T.frozen(spec.key)), { field: spec.type === 'coupon' ? 'coupon' : 'lottery' });
    } else if (composition) {
      const seed = randomBytes(32).toString('hex');
      const pool = derivePool(seed, composition);
      lottery = {
        poolSize: composition.size,
        pool,
        seed,
        seedCommitment: seedCommitment(seed),
        poolHash: poolHash(pool, composition.release),
        nextTicket: 0,
        releaseEvery: composition.release?.every ?? '',
        releaseRollover: composition.release?.rollover ?? true,
        releasePeriods: composition.release?.periods ?? 1,
      };
    } else {
      lottery = { poolSize: 0, pool: '', seed: '', seedCommitment: '', poolHash: '', nextTicket: 0 };
    }
    return repo.saveActivity(
      tx,
      {
        corpId,
        key: spec.key,
        type: spec.type,
        title: spec.title,
        intro: spec.intro,
        coverUrl: spec.cover_url,
        // A published lottery's dates are part of its plan's periods; they are compared above.
        startsAt: new Date(spec.starts_at),
        endsAt: new Date(spec.ends_at),
        requiresPhone: spec.requires_phone,
        complaintContact: spec.complaint_contact,
        // Published once, published for good: a file saying `published: false` later does not take it back.
        publishedAt: existing?.publishedAt ?? (spec.published ? at : null),
        fields: spec.fields,
        questions: spec.questions,
        fairId: spec.fair_id ?? null,
        ...lottery,
        prizeRedeemDays: spec.lottery?.prize_redeem_days ?? 30,
        couponTitle: spec.coupon?.title ?? '',
        couponValueFen: spec.coupon?.value_fen ?? 0,
        ...(frozen ? {} : { couponStock: spec.coupon?.stock ?? 0 }),
        couponValidDays: spec.coupon?.valid_days ?? 30,
      },
      (spec.lottery?.prizes ?? []).map((p) => ({
        tier: p.tier,
        name: p.name,
        stock: p.stock,
        valueFen: p.value_fen,
        redeemNote: p.redeem_note,
      })),
      frozen,
    );
  };
  return 'rollback' in db ? run(db) : db.transaction(run);
}

/** The company's activities for the back office (decision 057), newest first on the keyset contract. */
export const listActivitiesForAdmin = async (ex: Db | Tx, corpId: number, page: KeysetPage) =>
  pageInCorp(
    ex,
    activities,
    {
      id: activities.id,
      key: activities.key,
      type: activities.type,
      title: activities.title,
      startsAt: activities.startsAt,
      endsAt: activities.endsAt,
    },
    corpId,
    page,
  );

/**
 * An activity file uploaded in the back office, authored into the caller's company inside the admin's
 * transaction. Throws an Error naming the file's problems (its corp_id must be the caller's company).
 */
export async function uploadActivityText(tx: Tx, corpId: number, text: string, at: Date) {
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch {
    throw new Error('文件不是有效的 YAML');
  }
  const file = checkFile(activityFileSchema, raw, ACTIVITY_PLACES, '(文件)');
  if (file.corp_id !== corpId) throw new Error('文件的 corp_id 不是本公司');
  const saved: { key: string; title: string }[] = [];
  for (const spec of file.activities) {
    await authorActivity(tx, corpId, spec, at);
    saved.push({ key: spec.key, title: spec.title });
  }
  return saved;
}

/**
 * The back office's form for one activity (decision 057): the object one entry of an activity file parses
 * to, checked by the file's own schema and authored as the file's activities are (same key updated). Answers
 * the activity as it was before (by key; null for a new one) for the audit.
 */
export async function saveActivitySpec(tx: Tx, corpId: number, value: unknown, at: Date) {
  const spec = checkFile(activitySpecSchema, value, ACTIVITY_PLACES, '(活动)');
  const existing = await createActivityRepository(tx as unknown as Db).findByKey(corpId, spec.key, tx);
  const before = existing ? ((await findActivitySpecForAdmin(tx, corpId, existing.id))?.spec ?? null) : null;
  await authorActivity(tx, corpId, spec, at);
  const saved = await createActivityRepository(tx as unknown as Db).findByKey(corpId, spec.key, tx);
  return { id: saved?.id ?? 0, key: spec.key, title: spec.title, before, after: spec };
}

/** One activity of the company written back as its file entry's object, for the form to edit. */
export async function findActivitySpecForAdmin(ex: Db | Tx, corpId: number, id: number) {
  const [row] = await ex
    .select()
    .from(activities)
    .where(and(eq(activities.corpId, corpId), eq(activities.id, id)));
  if (!row) return null;
  const prizes = await createActivityRepository(ex as unknown as Db).prizes(row.id, ex);
  const spec = {
    key: row.key,
    type: row.type,
    title: row.title,
    intro: row.intro,
    cover_url: row.coverUrl,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    requires_phone: row.requiresPhone,
    complaint_contact: row.complaintContact,
    published: row.publishedAt !== null,
    fields: row.fields,
    questions: row.questions,
    ...(row.fairId === null ? {} : { fair_id: row.fairId }),
    ...(row.type === 'lottery'
      ? {
          lottery: {
            pool_size: row.poolSize,
            prize_redeem_days: row.prizeRedeemDays,
            ...(row.releaseEvery === '' ? {} : { release: { every: row.releaseEvery, rollover: row.releaseRollover } }),
            prizes: prizes.map((p) => ({
              tier: p.tier,
              name: p.name,
              stock: p.stock,
              value_fen: p.valueFen,
              redeem_note: p.redeemNote,
            })),
          },
        }
      : {}),
    ...(row.type === 'coupon'
      ? {
          coupon: {
            title: row.couponTitle,
            value_fen: row.couponValueFen,
            stock: row.couponStock,
            valid_days: row.couponValidDays,
          },
        }
      : {}),
  };
  return { id: row.id, spec };
}
// The activities a group send may link (decision 080).
export { activitiesOn } from './links.repository.ts';
