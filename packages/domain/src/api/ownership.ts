import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { optionalFilter, pageRequestSchema, pageSchema } from './page.ts';

/*
 * Customer ownership's calls (decision 066): the duplicate check before intake, the public pool (公海) and
 * the leader's bulk reassignment. Holders are named masked (王**), never another holder's client in full.
 */

const blank = (v: unknown) => (v === '' || v === 'null' || v == null ? undefined : v);
const idSchema = rowIdSchema('记录编号无效');

/** Any of phone, ID number, name; at least one. A phone may be the last digits alone (4 to 11). */
export const duplicateCheckRequestSchema = z
  .object({
    phone: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\d{4,11}$/, '手机号格式不正确')
        .optional(),
    ),
    id_number: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^\d{17}[\dXx]$/, '身份证号格式不正确')
        .transform((v) => v.toUpperCase())
        .optional(),
    ),
    name: z.preprocess(blank, z.string().trim().min(1).max(30, '姓名过长').optional()),
  })
  .refine((v) => v.phone !== undefined || v.id_number !== undefined || v.name !== undefined, {
    message: '请填写手机号、身份证号或姓名',
  });

/** What kind of record holds the customer. */
export const HOLDING_KINDS = ['case', 'referral', 'channel_referral', 'house_client', 'pool'] as const;
export type HoldingKind = (typeof HOLDING_KINDS)[number];

export const duplicateMatchSchema = z.object({
  kind: z.enum(HOLDING_KINDS),
  /** The kind's words: 报单, 合作伙伴报备, 渠道报备, 房贷客户, 公海. */
  kind_label: z.string(),
  status_label: z.string(),
  /** The holder, masked (王**), and their team; '' for a pool case. */
  holder: z.string(),
  team: z.string(),
  /** The client's name and phone masked (李**, 139****5678). */
  client: z.string(),
  phone: z.string(),
  is_protected: z.boolean(),
  /** ISO instant the protection ends, null when it lasts while the record is open. */
  protected_until: z.string().nullable(),
  /** A pool case the caller may claim (its id is the case's). */
  can_claim: z.boolean(),
  pool_id: z.number().int().nullable(),
  is_mine: z.boolean(),
  /** The sentence to show: 该客户已由 王** 跟进（保护至12月20日）. */
  message: z.string(),
});
export type DuplicateMatch = z.infer<typeof duplicateMatchSchema>;
export const duplicateCheckResponseSchema = z.object({
  list: z.array(duplicateMatchSchema),
  /** The first protected match held by someone else, as the form says it; '' when the customer is free. */
  message: z.string(),
  /** Checks left today. */
  remaining: z.number().int(),
});
export type DuplicateCheckAnswer = z.infer<typeof duplicateCheckResponseSchema>;

export const poolRequestSchema = pageRequestSchema.extend({
  phone_tail: optionalFilter(
    z
      .string()
      .trim()
      // The phone is sealed and found through blind indexes (decision 074): its last four digits, or all of it.
      .regex(/^(\d{4}|\d{11})$/, '请输入手机号后4位或完整手机号'),
  ),
});
export const poolItemSchema = z.object({
  id: z.number().int(),
  client: z.string(),
  phone: z.string(),
  status: z.number().int(),
  status_label: z.string(),
  amount_fen: z.number().int(),
  last_owner: z.string(),
  reason: z.string(),
  pooled_at: z.string(),
  /** Made of a partner's referral whose protection ran out unconverted (decision 066); claimed like any other. */
  from_referral: z.boolean().default(false),
});
export type PoolItem = z.infer<typeof poolItemSchema>;
export const poolResponseSchema = pageSchema(poolItemSchema).extend({
  /** Claims the caller has left today. */
  claims_left: z.number().int(),
});
export type PoolPage = z.infer<typeof poolResponseSchema>;

export const poolClaimRequestSchema = z.object({ id: idSchema });
export const poolClaimResponseSchema = z.object({ id: z.number().int(), claims_left: z.number().int() });
export const poolReleaseRequestSchema = z.object({
  id: idSchema,
  reason: z.string({ error: '请填写原因' }).trim().min(1, '请填写原因').max(200, '原因最多 200 字'),
});

/** `ids` comma-separated (a form) or an array (JSON). */
export const reassignRequestSchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
    z
      .array(z.coerce.number().int().positive('报单编号无效').max(2_147_483_647, '报单编号无效'))
      .min(1, '请选择报单')
      .max(100, '一次最多 100 个报单'),
  ),
  to_id: rowIdSchema('请选择接手人'),
  reason: z.string({ error: '请填写原因' }).trim().min(1, '请填写原因').max(200, '原因最多 200 字'),
});
export const reassignResponseSchema = z.object({
  moved: z.number().int(),
  /** Cases that did not move, each with why. */
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type ReassignAnswer = z.infer<typeof reassignResponseSchema>;

/** Who the caller may move cases to: a leader the team's active members, the company admin anyone active. */
export const reassignTargetsResponseSchema = z.object({
  /** The company admin moves across teams; a leader within the team. */
  across_teams: z.boolean(),
  list: z.array(z.object({ id: z.number().int(), name: z.string(), team: z.string() })),
});
export type ReassignTargets = z.infer<typeof reassignTargetsResponseSchema>;

/** Merge two records of one customer (decision 066): `merge_id` moves into `keep_id` and stays as a pointer. */
export const mergeClientsRequestSchema = z
  .object({ keep_id: rowIdSchema('请选择保留的报单'), merge_id: rowIdSchema('请选择要合并的报单') })
  .refine((v) => v.keep_id !== v.merge_id, { message: '不能与自身合并', path: ['merge_id'] });
export const mergeClientsResponseSchema = z.object({
  keep_id: z.number().int(),
  merge_id: z.number().int(),
  /** What moved to the kept record, per kind. */
  moved: z.object({
    follow_ups: z.number().int(),
    repayments: z.number().int(),
    proofs: z.number().int(),
    images: z.number().int(),
    events: z.number().int(),
    sign_tasks: z.number().int(),
    esign_orders: z.number().int(),
    pacts: z.number().int(),
  }),
});
export type MergeClientsAnswer = z.infer<typeof mergeClientsResponseSchema>;
