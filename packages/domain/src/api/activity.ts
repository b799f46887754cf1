import { z } from 'zod';
import { ACTIVITY_TYPES } from '../activity/index.ts';
import { phoneSchema, smsCodeSchema } from '../validation/fields.ts';
import { rowIdSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';

/*
 * Marketing activities for WeChat visitors (spec §2 /activity, §7 addActivityData, getActivityinfo,
 * getActivityDataList, lotteryLogin, coupon; issue 17, decision 056). Visitors call with a session of kind
 * `visitor` (an openid from the official account's snsapi_base authorisation); staff read sign-ups and
 * redeem codes.
 */

export const ACTIVITY_STATUSES = ['upcoming', 'running', 'ended'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];

const activityId = rowIdSchema('活动编号无效');
/** A share link's signed sharer (`s12.mac` a staff member, `c3.mac` a channel); optional, never trusted unsigned. */
const refSchema = z
  .string()
  .trim()
  .max(80)
  .optional()
  .transform((v) => (v ? v : undefined));

export const activityInfoRequestSchema = z.object({ activity_id: activityId });

export const activityFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  options: z.array(z.string()).optional(),
});
export const activityQuestionSchema = z.object({ id: z.string(), text: z.string(), options: z.array(z.string()) });

export const activityPrizeSchema = z.object({
  tier: z.number().int(),
  name: z.string(),
  stock: z.number().int(),
  /** What one prize is worth, fen (at most ¥50,000). */
  value_fen: z.number().int(),
  /** The odds of one draw (stock over the pool), as people read them: 1/1000（0.1%）. */
  odds: z.string(),
  /** How many are still drawable now: in today's (this hour's) release, or in the whole pool without a plan. */
  left_now: z.number().int(),
  redeem_note: z.string(),
});

export const activityInfoSchema = z.object({
  id: z.number().int(),
  corp_id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  intro: z.string(),
  cover_url: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  requires_phone: z.boolean(),
  /** Whom a visitor complains to (a phone or address), shown on every page of the activity. */
  complaint_contact: z.string(),
  fields: z.array(activityFieldSchema),
  questions: z.array(activityQuestionSchema),
  /** The fair a sign-in activity belongs to (the staff check in to the same fair, decision 051). */
  fair: z.object({ name: z.string(), starts_on: z.string(), ends_on: z.string() }).nullable(),
  lottery: z
    .object({
      pool_size: z.number().int(),
      prizes: z.array(activityPrizeSchema),
      /** SHA-256 of the seed and of the pool, published before the first draw. */
      seed_commitment: z.string(),
      pool_hash: z.string(),
      drawn: z.number().int(),
      /** The seed, revealed once the activity has ended (null before). */
      seed: z.string().nullable(),
      /** 谢谢参与's odds. */
      thank_you_odds: z.string(),
      /** How the prizes are released over the campaign (part of what the pool hash commits to), or null. */
      release: z
        .object({
          every: z.enum(['day', 'hour']),
          rollover: z.boolean(),
          periods: z.number().int(),
          /** The period now (1-based), null before the start or after the end. */
          current: z.number().int().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  coupon: z
    .object({
      title: z.string(),
      value_fen: z.number().int(),
      stock: z.number().int(),
      left: z.number().int(),
      valid_days: z.number().int(),
    })
    .nullable(),
});
export type ActivityInfo = z.infer<typeof activityInfoSchema>;

export const lotteryLoginRequestSchema = z.object({ phone: phoneSchema, code: smsCodeSchema });
export type LotteryLoginRequest = z.input<typeof lotteryLoginRequestSchema>;

/** The visitor as their page shows them: the company and the proved phone, masked (null before lotteryLogin). */
export const activityVisitorSchema = z.object({ corp_id: z.number().int(), phone: z.string().nullable() });
export type ActivityVisitor = z.infer<typeof activityVisitorSchema>;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z.string({ error: message }).trim().min(1, message).max(max, message).optional(),
  );
const answersSchema = z.preprocess(
  (v) => {
    if (v === '' || v == null) return undefined;
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  },
  z
    .record(z.string().max(40), z.string().max(200), { error: '问卷答案格式错误' })
    .refine((r) => Object.keys(r).length <= 50, '问卷答案格式错误')
    .optional(),
);

/** A sign-up (addActivityData): a test-drive booking or a fair registration ('register'), or the questionnaire. */
export const addActivityDataRequestSchema = z.object({
  activity_id: activityId,
  kind: z.enum(['register', 'subscribe'], { error: '提交类型无效' }).default('register'),
  name: optionalText(20, '请输入2-20个字的姓名'),
  phone: z.preprocess((v) => (v === '' || v == null ? undefined : v), phoneSchema.optional()),
  car_model: optionalText(40, '请选择车型'),
  /** The wished test-drive day, YYYY-MM-DD (China's calendar). */
  date: z.preprocess(
    (v) => (v === '' || v == null ? undefined : v),
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '请选择试驾日期')
      .optional(),
  ),
  answers: answersSchema,
  ref: refSchema,
});
export type AddActivityDataRequest = z.input<typeof addActivityDataRequestSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  activity_id: z.number().int(),
  kind: z.enum(['register', 'subscribe']),
  name: z.string(),
  phone: z.string(),
  answers: z.record(z.string(), z.string()),
  created_at: z.string(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityIdRequestSchema = z.object({ activity_id: activityId });

export const activityCodeSchema = z.object({
  kind: z.enum(['coupon', 'prize']),
  /** Shown XXXXX-XXXXX. */
  code: z.string(),
  title: z.string(),
  value_fen: z.number().int(),
  expires_at: z.string(),
  redeemed_at: z.string().nullable(),
});
export type ActivityCode = z.infer<typeof activityCodeSchema>;

export const lotteryDrawSchema = z.object({
  activity_id: z.number().int(),
  /** The pool's ticket this draw took (0-based), null once the pool had run out. */
  ticket: z.number().int().nullable(),
  tier: z.number().int(),
  tier_label: z.string(),
  prize: z.object({ name: z.string(), redeem_note: z.string() }).nullable(),
  code: activityCodeSchema.nullable(),
  drawn_at: z.string(),
});
export type LotteryDraw = z.infer<typeof lotteryDrawSchema>;

export const couponClaimSchema = activityCodeSchema.extend({ already: z.boolean() });
export type CouponClaim = z.infer<typeof couponClaimSchema>;

export const activityMineRequestSchema = z.object({
  activity_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), activityId.optional()),
});

/** What the visitor has done: their sign-ups, draws and codes (of one activity, or all of the company's). */
export const activityMineSchema = z.object({
  phone: z.string().nullable(),
  entries: z.array(activityEntrySchema.extend({ activity_title: z.string(), type: z.enum(ACTIVITY_TYPES) })),
  draws: z.array(lotteryDrawSchema),
  codes: z.array(activityCodeSchema.extend({ activity_id: z.number().int() })),
});
export type ActivityMine = z.infer<typeof activityMineSchema>;

// ---- staff

export const activityDataListRequestSchema = pageRequestSchema.extend({ activity_id: activityId });

export const activityDataRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['register', 'subscribe']),
  name: z.string(),
  /** Masked (spec §9) in the list. */
  phone: z.string(),
  answers: z.record(z.string(), z.string()),
  /** Who shared the link the visitor came by. */
  shared_by: z.string().nullable(),
  created_at: z.string(),
});
export const activityDataPageSchema = pageSchema(activityDataRowSchema).extend({
  activity: z.object({ id: z.number().int(), title: z.string(), type: z.enum(ACTIVITY_TYPES) }),
  total: z.number().int(),
});
export type ActivityDataPage = z.infer<typeof activityDataPageSchema>;

export const staffActivitySchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES),
  title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  status: z.enum(ACTIVITY_STATUSES),
  entries: z.number().int(),
  /** The caller's share link (path and query): sign-ups through it are attributed to them. */
  share_path: z.string(),
});
export type StaffActivity = z.infer<typeof staffActivitySchema>;

export const redeemRequestSchema = z.object({
  code: z.string({ error: '请输入券码' }).trim().min(1, '请输入券码').max(40, '券码格式错误'),
});
export const redeemSchema = activityCodeSchema.extend({ activity_title: z.string() });
export type Redeemed = z.infer<typeof redeemSchema>;

/** The page an activity of a type opens on (share links, the staff list). */
export const activityPath = (type: (typeof ACTIVITY_TYPES)[number], id: number) =>
  type === 'car' ? `/activity/car/register/${id}` : `/activity/${type}?id=${id}`;
