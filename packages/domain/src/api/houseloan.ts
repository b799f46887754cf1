import { z } from 'zod';
import { houseClientFormSchema } from '../house/house.ts';
import { corpIdSchema } from '../validation/fields.ts';
import { accountSchema, smsLoginRequestSchema } from './auth.ts';
import { optionValueSchema, rowIdSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { clientRefFields, houseLoanAskFields, namedSchema, personFields } from './rows.ts';

/*
 * The home-loan channel portal (spec §2 /houseloan, §7 /api/houseloan/*; issue 12, docs/decisions/052).
 * A channel agent (渠道经纪人) is a brokerage receiver staff registered under a house channel; they log in
 * with an SMS code, refer mortgage clients into the house-client records staff already manage, and follow
 * their status and brokerage. The best list is public and carries no personal data.
 */

/** The loan kind of add/{type} and auth/{id}/{type}: 1 mortgage (房屋抵押贷), 2 card instalments (信用卡分期). */
export const HOUSELOAN_TYPES = [
  { value: 1, product: 'mortgage', label: '房屋抵押贷' },
  { value: 2, product: 'card', label: '信用卡分期' },
] as const;
export const houseloanTypeSchema = optionValueSchema(HOUSELOAN_TYPES, '贷款类型无效');

export const houseloanLoginRequestSchema = smsLoginRequestSchema;
export type HouseloanLoginRequest = z.input<typeof houseloanLoginRequestSchema>;

/** ys_house_channel: who is logged in, never a secret (the session is the httpOnly cookie). */
export const houseloanAgentSchema = accountSchema.extend({
  channel_id: z.number().int(),
  channel_name: z.string(),
  /** Whether the WeChat official account is bound (home/{openid} signs in without a code then). */
  wechat_bound: z.boolean(),
});
export type HouseloanAgent = z.infer<typeof houseloanAgentSchema>;

/** add/{type}: the staff side's house-client form (same rules), without the staff-only choices. */
export const houseloanAddRequestSchema = houseClientFormSchema
  .omit({ product: true, channel_id: true, referrer_id: true })
  .extend({ type: houseloanTypeSchema });
export type HouseloanAddRequest = z.input<typeof houseloanAddRequestSchema>;

/** Where a referral stands for the agent: waiting for a steward, then the house client's own status. */
export const REFERRAL_STAGES = [
  { value: 'waiting', label: '待管家接单' },
  { value: 'taken', label: '管家跟进中' },
  { value: 'signing', label: '签约中' },
  { value: 'signed', label: '已签约' },
  { value: 'failed', label: '签约失败' },
] as const;
export type ReferralStage = (typeof REFERRAL_STAGES)[number]['value'];
export const referralStageSchema = z.enum(['waiting', 'taken', 'signing', 'signed', 'failed']);
export const stageLabel = (stage: ReferralStage) => REFERRAL_STAGES.find((s) => s.value === stage)?.label ?? '';

export const houseloanListRequestSchema = pageRequestSchema.extend({
  stage: z.preprocess((v) => (v === '' || v === 'null' || v == null ? undefined : v), referralStageSchema.optional()),
  /** '1': only referrals still without the client's consent photo (the photo page). */
  missing_consent: z.preprocess((v) => v === '1' || v === 1 || v === true, z.boolean()),
});

/** A referral as the agent sees it: their own client, so the phone is shown masked in lists only. */
export const houseloanReferralSchema = z.object({
  ...personFields,
  type: z.number().int(),
  ...houseLoanAskFields,
  stage: referralStageSchema,
  has_consent: z.boolean(),
  created_at: z.string(),
});
export type HouseloanReferral = z.infer<typeof houseloanReferralSchema>;
export const houseloanReferralPageSchema = pageSchema(houseloanReferralSchema);

/** A staff member the agent may contact: the steward (waiter) or the channel's own salesperson (service). */
export const houseloanContactSchema = z.object(personFields);
/** The agent's assigned staff contact, if any. */
export const houseloanWaiterSchema = houseloanContactSchema.nullable();
/** The banks an agent picks from. */
export const houseloanBankListSchema = z.array(namedSchema);
/** The stages a referral can be in, as picker options. */
export const houseloanStatusOptionsSchema = z.array(z.object({ value: z.string(), label: z.string() }));
export type HouseloanContact = z.infer<typeof houseloanContactSchema>;

export const houseloanDetailSchema = houseloanReferralSchema.extend({
  remark: z.string(),
  steward: houseloanContactSchema.nullable(),
  /** The signing appointment once the steward booked it. */
  appointment_at: z.string().nullable(),
  place: z.string().nullable(),
  brokerage: z.array(
    z.object({
      id: z.number().int(),
      amount_fen: z.number().int(),
      status: z.number().int(),
      paid_at: z.string().nullable(),
    }),
  ),
});
export type HouseloanDetail = z.infer<typeof houseloanDetailSchema>;

export const houseloanIdSchema = z.object({ id: rowIdSchema('记录无效') });

/** brokerage: what the agent earns, per client, paid and pending (fen; the split rules of decision 030). */
export const houseloanBrokerageSchema = z.object({
  pending_fen: z.number().int(),
  paid_fen: z.number().int(),
  list: z.array(
    z.object({
      id: z.number().int(),
      client_name: z.string(),
      amount_fen: z.number().int(),
      /** 1 waiting for payment, 2 paid, 3 cancelled (house_brokerage_orders). */
      status: z.number().int(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
  ),
  next_cursor: z.number().int().nullable(),
});
export type HouseloanBrokerage = z.infer<typeof houseloanBrokerageSchema>;

/** sign: the signing appointments of the agent's clients. */
export const houseloanSignSchema = pageSchema(
  z.object({
    id: z.number().int(),
    ...clientRefFields,
    appointment_at: z.string(),
    place: z.string(),
    stage: referralStageSchema,
  }),
);
export type HouseloanSignPage = z.infer<typeof houseloanSignSchema>;

/** allot: a steward (job 5) takes a waiting channel referral; a finance leader may name the steward. */
export const houseloanAllotRequestSchema = z.object({
  id: rowIdSchema('记录无效'),
  steward_id: z.preprocess(
    (v) => (v === '' || v === 0 || v === '0' || v == null ? null : v),
    rowIdSchema('请选择管家').nullable(),
  ),
});

export const houseloanOptionSchema = z.array(z.object({ value: z.union([z.string(), z.number()]), label: z.string() }));

/** The public ranking of the company's channels this month: no person, no phone, no client. */
export const bestListQuerySchema = z.object({ corp: corpIdSchema });
export const bestRowSchema = z.object({
  channel_id: z.number().int(),
  rank: z.number().int(),
  /** A business's name, not a person's: agents, clients and phones never appear in the ranking. */
  channel_name: z.string(),
  completed: z.number().int(),
  brokerage_fen: z.number().int(),
});
export const bestListSchema = z.object({ corp_name: z.string(), month: z.string(), list: z.array(bestRowSchema) });
export type BestList = z.infer<typeof bestListSchema>;
export const bestDetailQuerySchema = bestListQuerySchema.extend({ id: rowIdSchema('渠道无效') });
export const bestDetailSchema = bestRowSchema.extend({
  corp_name: z.string(),
  month: z.string(),
  /** The last six months, oldest first: YYYY-MM, completed referrals and brokerage. */
  months: z.array(z.object({ month: z.string(), completed: z.number().int(), brokerage_fen: z.number().int() })),
});
export type BestDetail = z.infer<typeof bestDetailSchema>;

/**
 * Where a channel's agents start: the portal's login page for the company, as a link and a QR code (PNG data
 * URL) the salesperson sends or prints for the channel.
 */
export const houseChannelEntrySchema = z.object({ link: z.string(), png: z.string() });
export type HouseChannelEntry = z.infer<typeof houseChannelEntrySchema>;

/** Staff (the channel's salesperson or finance) stop or resume a channel; a stopped channel's agents cannot log in. */
export const houseChannelStatusRequestSchema = z.object({
  id: rowIdSchema('渠道无效'),
  // A form sends 'true' or 'false' (or 1/0); JSON its boolean.
  enabled: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: '请选择启用或停用' })
    .transform((v) => v === true || v === 'true' || v === '1'),
});
