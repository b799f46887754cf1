import { randomBytes } from 'node:crypto';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { ACTIVITY_TYPES, derivePool, poolHash, seedCommitment } from '@crm/domain/activity';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageInCorp } from '../../db/find-in-corp.ts';
import type { KeysetPage } from '../../db/keyset.ts';
import { activities } from '../../db/schema/activity.ts';
import { checkFile } from '../file-problems.ts';
import { createActivityRepository } from './activity.repository.ts';
import { ACTIVITY_PLACES } from './activity.texts.ts';

/*
 * The public surface of modules/activity (marketing activities for WeChat visitors, decision 056): authoring
 * activities from a file, for the admin command (`npm run activity -- <file>`) and the seed.
 */

const when = z.iso.datetime({ offset: true, error: '时间须为 ISO 8601，如 2026-05-01T09:00:00+08:00' });
export const activitySpecSchema = z
  .object({
    key: z.string().trim().min(1).max(60),
    type: z.enum(ACTIVITY_TYPES),
    title: z.string().trim().min(1).max(60),
    intro: z.string().max(2000).default(''),
    cover_url: z.string().max(500).default(''),
    starts_at: when,
    ends_at: when,
    requires_phone: z.boolean().default(false),
    fields: z
      .array(z.object({ name: z.string().min(1), label: z.string().min(1), options: z.array(z.string()).optional() }))
      .default([]),
    questions: z
      .array(z.object({ id: z.string().min(1).max(40), text: z.string().min(1), options: z.array(z.string()).min(2) }))
      .default([]),
    fair_id: z.number().int().positive().optional(),
    lottery: z
      .object({
        pool_size: z.number().int().positive().max(1_000_000),
        prizes: z
          .array(
            z.object({
              tier: z.number().int().min(1).max(3),
              name: z.string().min(1),
              stock: z.number().int().min(0),
              redeem_note: z.string().default(''),
            }),
          )
          .min(1),
        prize_redeem_days: z.number().int().positive().default(30),
      })
      .optional(),
    coupon: z
      .object({
        title: z.string().min(1),
        value_fen: z.number().int().min(0),
        stock: z.number().int().positive(),
        valid_days: z.number().int().positive().default(30),
      })
      .optional(),
  })
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
  );

export const activityFileSchema = z.object({
  corp_id: z.number().int().positive(),
  activities: z.array(activitySpecSchema).min(1),
});
export type ActivityFile = z.input<typeof activityFileSchema>;
export type ActivitySpec = z.output<typeof activitySpecSchema>;

/** Reads an activity file (YAML or JSON). */
export const parseActivityFile = (text: string) => activityFileSchema.parse(parseYaml(text));

/**
 * Writes one activity (or updates the one of the same key). A lottery's pool is fixed here: a fresh secret
 * seed, the shuffled pool and its two hashes; once the activity has started or anyone took part, its pool,
 * prizes and coupon stock are frozen and a file changing them is refused.
 */
export async function authorActivity(db: Db | Tx, corpId: number, spec: ActivitySpec, at: Date) {
  const repo = createActivityRepository(db as Db);
  const run = async (tx: Tx) => {
    const existing = await repo.findByKey(corpId, spec.key, tx);
    const frozen = existing !== undefined && (existing.startsAt <= at || (await repo.hasParticipants(existing.id, tx)));
    const composition = spec.lottery
      ? { size: spec.lottery.pool_size, prizes: spec.lottery.prizes.map((p) => ({ tier: p.tier, stock: p.stock })) }
      : null;
    let lottery = {};
    if (frozen && existing) {
      const prizes = await repo.prizes(existing.id, tx);
      const same =
        existing.type === spec.type &&
        existing.poolSize === (composition?.size ?? 0) &&
        JSON.stringify(prizes.map((p) => [p.tier, p.stock])) ===
          JSON.stringify((composition?.prizes ?? []).map((p) => [p.tier, p.stock]).sort((a, b) => a[0]! - b[0]!)) &&
        existing.couponStock === (spec.coupon?.stock ?? 0);
      if (!same) throw new Error(`活动「${spec.key}」已开始或已有人参与，奖池、奖品与库存不能再改`);
    } else if (composition) {
      const seed = randomBytes(32).toString('hex');
      const pool = derivePool(seed, composition);
      lottery = {
        poolSize: composition.size,
        pool,
        seed,
        seedCommitment: seedCommitment(seed),
        poolHash: poolHash(pool),
        nextTicket: 0,
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
        startsAt: new Date(spec.starts_at),
        endsAt: new Date(spec.ends_at),
        requiresPhone: spec.requires_phone,
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
    fields: row.fields,
    questions: row.questions,
    ...(row.fairId === null ? {} : { fair_id: row.fairId }),
    ...(row.type === 'lottery'
      ? {
          lottery: {
            pool_size: row.poolSize,
            prize_redeem_days: row.prizeRedeemDays,
            prizes: prizes.map((p) => ({ tier: p.tier, name: p.name, stock: p.stock, redeem_note: p.redeemNote })),
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
