import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { corpIdSchema, phoneSchema, smsCodeSchema } from '../validation/fields.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { corpFields, namedFields, personFields } from './rows.ts';

/** WeCom member ids are up to 64 characters of letters, digits and a few symbols. */
const wxworkIdSchema = z
  .string()
  .trim()
  .max(64)
  .regex(/^[\w.@-]*$/, '企业微信账号无效');

/** Multipart sends every value as a string; the spec's client sends the literal 'null' when absent. */
const optionalWxworkId = z
  .union([wxworkIdSchema, z.literal('null'), z.null()])
  .optional()
  .transform((value) => (value && value !== 'null' ? value : null));

export const corpOptionSchema = z.object({ label: z.string(), value: z.number().int() });
export type CorpOption = z.infer<typeof corpOptionSchema>;
export const corpListSchema = z.array(corpOptionSchema);

/**
 * scene 'outside': a partner's registration or login (decision 049), sent to any phone; 'houseloan': a channel
 * agent's login (decision 052), sent only to agents staff registered; 'activity': an activity visitor proving a
 * phone (lotteryLogin, decision 056), sent to any phone like 'outside'; the default sends
 * only to staff phones, answering strangers alike.
 */
export const smsCodeRequestSchema = z.object({
  phone: phoneSchema,
  scene: z.enum(['staff', 'outside', 'houseloan', 'activity']).catch('staff').default('staff'),
});
export type SmsCodeRequest = z.infer<typeof smsCodeRequestSchema>;
/** verifyCode is present only when the demo SMS adapter is in use; production never sends it. */
export const smsCodeResponseSchema = z.object({ verifyCode: z.string().optional() });

export const checkCaptchaQuerySchema = z.object({ phone: phoneSchema });
/** Whether a code may be sent to this phone now, and if not, after how many seconds. */
export const checkCaptchaResponseSchema = z.object({ enabled: z.boolean(), retryAfter: z.number().int() });
export type CheckCaptcha = z.infer<typeof checkCaptchaResponseSchema>;

/**
 * Signing in to a company with a phone and the SMS code sent to it: partners and channel agents send just
 * this; staff add their WeCom id.
 */
export const smsLoginRequestSchema = z.object({ corp_id: corpIdSchema, phone: phoneSchema, code: smsCodeSchema });

export const loginRequestSchema = smsLoginRequestSchema.extend({ wxworkid: optionalWxworkId });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = z.object({ id: z.number().int() });

export const autoLoginRequestSchema = z.object({
  corp: corpIdSchema,
  wxworkid: wxworkIdSchema.min(1, '企业微信账号无效'),
});

export const badgeCountsSchema = z.object({
  pending: z.number().int(),
  service: z.number().int(),
  remind: z.number().int(),
  exam: z.number().int(),
  appeal: z.number().int(),
  sign: z.number().int(),
  reject: z.number().int(),
  /** Open proof rejections of the caller's cases (issue 4; the spec's home shows no badge there). */
  proof: z.number().int(),
  /** Repayments of the leader's team waiting for their confirmation (issue 9's to-do inbox). */
  confirm: z.number().int(),
  /** Over-limit brokerage requests waiting for home-loan finance (job 4). */
  audit: z.number().int(),
});
export type BadgeCounts = z.infer<typeof badgeCountsSchema>;

/** The account a partner or channel agent is signed in as, in one company; never a secret (decisions 049, 052). */
export const accountSchema = z.object({ ...personFields, ...corpFields });

export const userinfoRequestSchema = z.object({
  id: rowIdSchema('用户无效'),
});

/** sex: 1 male, 2 female, 0 unknown (the tile's icon). */
export const signerSchema = z.object({ ...namedFields, sex: z.number().int() });
export const noticeSchema = z.object({ status: z.enum(['info', 'warning', 'error']), text: z.string() });

export const userSchema = z.object({
  ...namedFields,
  ...corpFields,
  job: z.array(z.number().int()),
  leader: z.boolean(),
  /** Holds the company's grant to approve rejected signings: the rejection-approval tile shows. */
  reject_approver: z.boolean(),
  /** Holds company.admin or platform.admin (decision 057): the home page shows the 管理后台 link. */
  admin: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

export const userinfoResponseSchema = z.object({
  id: z.number().int(),
  total: badgeCountsSchema,
  signer_list: z.array(signerSchema),
  notice: z.array(noticeSchema),
  user: userSchema,
  /**
   * The caller's own cases about to go back to the pool (decision 066), soonest first: the 待办 says each,
   * with the day (`due_at`, ISO), and taps to the case.
   */
  near_pool: z.array(z.object({ id: z.number().int(), name: z.string(), due_at: z.string() })).default([]),
});
export type UserInfo = z.infer<typeof userinfoResponseSchema>;

export { M as AUTH_MESSAGES };
