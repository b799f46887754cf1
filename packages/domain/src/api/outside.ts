import { z } from 'zod';
import { accountSchema, smsLoginRequestSchema } from './auth.ts';
import { blankableIdSchema, rowIdSchema } from './bounds.ts';
import { productSchema } from './cases.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { channelContactFields, corpFields, labelledStatus, namedSchema, personFields, refFields } from './rows.ts';
import { caseFormSchema } from '../cases/case-form.ts';
import { corpIdSchema, phoneSchema, smsCodeSchema } from '../validation/fields.ts';

/*
 * The outside-partner calls (spec §2 /outside, §7 outside* and ysb*; issue 11, docs/decisions/049).
 * A partner (外部合作伙伴) is a principal of its own: registered with an invite code, approved by staff,
 * then refers clients (报备) that stay theirs for the company's protection period (报备保护期).
 */

export const OUTSIDE_MESSAGES = {
  nameRequired: '请填写姓名',
  nameTooLong: '姓名不能超过 20 个字',
  inviteRequired: '请填写邀请码',
  inviteFormat: '邀请码格式不正确',
  channelNameRequired: '请填写渠道名称',
  channelNameTooLong: '渠道名称不能超过 30 个字',
  contactTooLong: '联系人不能超过 20 个字',
  reasonTooLong: '原因不能超过 200 个字',
  idInvalid: '记录无效',
} as const;
const M = OUTSIDE_MESSAGES;

/** A partner's account: waiting for staff, approved (may refer and invite) or declined. */
export const PARTNER_STATUS = { PENDING: 0, APPROVED: 1, DECLINED: 2 } as const;
export const PARTNER_STATUS_LABELS: Readonly<Record<number, string>> = { 0: '待审核', 1: '已通过', 2: '未通过' };

/**
 * A referral (报备): protected while staff have not acted on it, converted when staff made it an
 * instalment case (the partner then follows the case's status), released when its protection ran out.
 */
export const REFERRAL_STATUS = { PROTECTED: 1, CONVERTED: 2, RELEASED: 3 } as const;
export const REFERRAL_STATUS_LABELS: Readonly<Record<number, string>> = { 1: '保护中', 2: '已转报单', 3: '已失效' };

export const outsideIdSchema = rowIdSchema(M.idInvalid);
export const outsideIdQuerySchema = z.object({ id: outsideIdSchema });

const personName = z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(20, M.nameTooLong);

/** Invite codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const INVITE_CODE_PATTERN = /^[2-9A-HJKMNP-Z]{8}$/;
export const inviteCodeSchema = z
  .string({ error: M.inviteRequired })
  .trim()
  .toUpperCase()
  .min(1, M.inviteRequired)
  .regex(INVITE_CODE_PATTERN, M.inviteFormat);

// ---- identity ------------------------------------------------------------------------------------------

export const outsideRegisterRequestSchema = z.object({
  name: personName,
  phone: phoneSchema,
  code: smsCodeSchema,
  invite_code: inviteCodeSchema,
  /** The company the invite link named; must be the invite's own. */
  corp_id: corpIdSchema,
});
export type OutsideRegisterRequest = z.input<typeof outsideRegisterRequestSchema>;

export const outsideLoginRequestSchema = smsLoginRequestSchema;
export type OutsideLoginRequest = z.input<typeof outsideLoginRequestSchema>;

/** What an invite link shows before anyone registers (public). */
export const outsideInviteQuerySchema = z.object({ code: inviteCodeSchema });
export const outsideInviteSchema = z.object({
  ...corpFields,
  /** The inviter's name with all but the surname masked (张**): a stranger holding the link learns no more. */
  inviter_name: z.string(),
});
export type OutsideInvite = z.infer<typeof outsideInviteSchema>;

export const referralCountsSchema = z.object({
  protected: z.number().int(),
  converted: z.number().int(),
  released: z.number().int(),
});

/** The partner's own account (getOutsideUser, and the answer of register and login). */
export const outsideUserSchema = accountSchema.extend({
  ...labelledStatus(z.number().int()),
  decline_reason: z.string(),
  inviter_name: z.string(),
  /** Days a referral stays protected in this company. */
  protection_days: z.number().int(),
  counts: referralCountsSchema,
  /** Referrals whose protection ends within 7 days (the to-do page's badge). */
  expiring: z.number().int(),
  created_at: z.string(),
});
export type OutsideUser = z.infer<typeof outsideUserSchema>;

// ---- invitations ---------------------------------------------------------------------------------------

export const inviteSchema = z.object({ invite_code: z.string(), link: z.string() });
export type Invite = z.infer<typeof inviteSchema>;
/** The invite link as a QR code: a PNG data URL the page shows and a person saves or scans. */
export const inviteQrSchema = inviteSchema.extend({ png: z.string() });
export type InviteQr = z.infer<typeof inviteQrSchema>;

// ---- referrals -----------------------------------------------------------------------------------------

const referralForm = caseFormSchema.pick({
  name: true,
  phone: true,
  id_number: true,
  amount: true,
  product_id: true,
  remarks: true,
});
/** Adds a referral (no id) or corrects one still protected (with id). */
export const updateOutsideClientRequestSchema = referralForm.extend({ id: blankableIdSchema(outsideIdSchema) });
export type UpdateOutsideClientRequest = z.input<typeof updateOutsideClientRequestSchema>;
export const savedReferralSchema = z.object({ id: z.number().int(), protected_until: z.string() });

export const referralScopeSchema = z.enum(['mine', 'team']).catch('mine').default('mine');
export const outsideClientListRequestSchema = pageRequestSchema.extend({
  status: z.coerce.number().int().min(0).max(3).catch(0).default(0),
  scope: referralScopeSchema,
  /** Only protected referrals whose protection ends within 7 days (the to-do page). */
  expiring: z
    .union([z.literal('1'), z.literal('0'), z.literal(''), z.boolean()])
    .optional()
    .transform((value) => value === '1' || value === true),
});
export type OutsideClientListRequest = z.input<typeof outsideClientListRequestSchema>;

export const referralListItemSchema = z.object({
  /** phone masked (spec §9) */
  ...personFields,
  ...labelledStatus(z.number().int()),
  /** The case's status once converted ('' before). */
  case_status_label: z.string(),
  amount_fen: z.number().int(),
  product_name: z.string(),
  partner_name: z.string(),
  protected_until: z.string(),
  created_at: z.string(),
});
export type ReferralListItem = z.infer<typeof referralListItemSchema>;
export const referralPageSchema = pageSchema(referralListItemSchema);

export const referralDetailSchema = referralListItemSchema.extend({
  /** Full for the referring partner and for staff who may convert it; masked for anyone else. */
  id_number: z.string(),
  product_id: z.number().int().nullable(),
  remarks: z.string(),
  ...refFields('channel'),
  partner_id: z.number().int(),
  case_id: z.number().int().nullable(),
  case_status: z.number().int().nullable(),
  converted_at: z.string().nullable(),
  released_at: z.string().nullable(),
  /** The caller referred it and it is still protected: it may be corrected. */
  can_edit: z.boolean(),
  /** A staff member who may make it an instalment case now. */
  can_convert: z.boolean(),
});
export type ReferralDetail = z.infer<typeof referralDetailSchema>;

// ---- the partner's team, products and channels ---------------------------------------------------------

export const partnerRowSchema = z.object({
  /** phone masked (spec §9) */
  ...personFields,
  ...labelledStatus(z.number().int()),
  /** Why staff declined the partner ('' otherwise). */
  decline_reason: z.string(),
  inviter_name: z.string(),
  staff_name: z.string(),
  counts: referralCountsSchema,
  created_at: z.string(),
});
export type PartnerRow = z.infer<typeof partnerRowSchema>;
export const partnerPageSchema = pageSchema(partnerRowSchema);

export const outsideProductSchema = productSchema.extend({ bank_name: z.string() });
export type OutsideProduct = z.infer<typeof outsideProductSchema>;
export const outsideProductListSchema = z.array(outsideProductSchema);
export const outsideBankSchema = namedSchema;
export const outsideBankListSchema = z.array(outsideBankSchema);
export const outsideBranchBankQuerySchema = z.object({ bank_id: outsideIdSchema });

export const outsideChannelSchema = z.object({
  ...channelContactFields,
  referrals: z.number().int(),
  created_at: z.string(),
});
export type OutsideChannel = z.infer<typeof outsideChannelSchema>;
export const outsideChannelPageSchema = pageSchema(outsideChannelSchema);

const optionalText = (max: number, message: string) =>
  z
    .union([z.string(), z.null()])
    .optional()
    .transform((value) => (value ?? '').trim())
    .pipe(z.string().max(max, message));

/** Adds a channel (no id) or renames one (with id). */
export const outsideChannelAddRequestSchema = z.object({
  id: blankableIdSchema(outsideIdSchema),
  name: z.string({ error: M.channelNameRequired }).trim().min(1, M.channelNameRequired).max(30, M.channelNameTooLong),
  contact: optionalText(20, M.contactTooLong),
  phone: z
    .union([z.literal(''), phoneSchema])
    .optional()
    .transform((value) => value ?? ''),
});
export type OutsideChannelAddRequest = z.input<typeof outsideChannelAddRequestSchema>;

/** Files a referral under one of the partner's channels (channel_id '' or 0 takes it out). */
export const outsideAddChannelRequestSchema = z.object({
  client_id: outsideIdSchema,
  channel_id: z
    .union([z.literal(''), z.literal('0'), z.literal(0), outsideIdSchema])
    .optional()
    .transform((value) => (typeof value === 'number' && value > 0 ? value : null)),
});

// ---- the staff side (/business/ysb*, /team/ysb) ---------------------------------------------------------

export const ysbUserRequestSchema = pageRequestSchema.extend({
  /** -1 all, else a PARTNER_STATUS. */
  status: z.coerce.number().int().min(-1).max(2).catch(-1).default(-1),
  scope: referralScopeSchema,
});
export type YsbUserRequest = z.input<typeof ysbUserRequestSchema>;

export const ysbAuditRequestSchema = z.object({
  id: outsideIdSchema,
  pass: z
    .union([z.literal('1'), z.literal('0'), z.literal(1), z.literal(0), z.boolean()])
    .transform((v) => v === '1' || v === 1 || v === true),
  reason: optionalText(200, M.reasonTooLong),
});

export const ysbClientRequestSchema = outsideClientListRequestSchema.extend({
  /** One partner's referrals (/business/ysbdetail/{userid}); absent for every partner in scope. */
  partner_id: outsideIdSchema.optional(),
});
export type YsbClientRequest = z.input<typeof ysbClientRequestSchema>;

/** A leader's team, member by member (/team/ysb). */
export const ysbTeamRowSchema = z.object({
  staff_id: z.number().int(),
  staff_name: z.string(),
  partners: z.number().int(),
  pending: z.number().int(),
  counts: referralCountsSchema,
});
export type YsbTeamRow = z.infer<typeof ysbTeamRowSchema>;
export const ysbTeamSchema = z.array(ysbTeamRowSchema);
