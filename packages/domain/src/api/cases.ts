import { z } from 'zod';
import { blankableIdSchema, isPlausibleTime, rowIdSchema, wholeNumberSchema } from './bounds.ts';
import { caseFormSchema } from '../cases/case-form.ts';
import { CASE_MESSAGES as M } from '../cases/messages.ts';
import { caseFeeSchema } from '../matching/fees.ts';
import { REJECT_REASONS, isOption } from '../options/index.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import {
  clientRefFields,
  namedFields,
  namedSchema,
  ownerFields,
  personFields,
  refFields,
  statusTallySchema,
  tallyFields,
  writtenFields,
} from './rows.ts';

/*
 * Request and response schemas of the instalment-case calls (spec §7). Requests arrive as form strings;
 * responses use the snake_case names the spec's client reads. Money is integer fen (`*_fen`).
 */

export const recordIdSchema = rowIdSchema(M.idInvalid);
export const idQuerySchema = z.object({ id: recordIdSchema });

// The one paging contract (api/page.ts), re-exported where the case lists always found it.
export { pageRequestSchema, pageSchema };

export const scopeSchema = z.enum(['mine', 'team']).catch('mine').default('mine');

// ---- reference data ----------------------------------------------------------------------------------
export { namedSchema };
export const treeNodeSchema = namedSchema.extend({ parent_id: z.number().int().nullable() });
export const treeSchema = z.array(namedSchema.extend({ children: z.array(namedSchema) }));
export const productSchema = namedSchema.extend({
  bank_id: z.number().int().nullable(),
  min_amount_fen: z.number().int(),
  max_amount_fen: z.number().int(),
  terms: z.array(z.number().int()),
});
/** A product as staff pick it on the case form: with the lender's price (decision 051), so the form can show
 * the all-in cost as it is typed (decision 068). Partners' product list (api/outside.ts) shows no price. */
export const caseProductSchema = productSchema.extend({
  fee_type: z.number().int().nullable().default(null),
  rate_ppm: z.number().int().nullable().default(null),
  repayment_method: z.number().int().nullable().default(null),
});
export type CaseProduct = z.infer<typeof caseProductSchema>;
export const productRequestSchema = z.object({
  bank_id: z.union([z.literal(''), rowIdSchema()]).optional(),
});
export const statusOptionSchema = z.object({ value: z.number().int(), label: z.string() });

// ---- cases --------------------------------------------------------------------------------------------
/** The case list's filters, which the back office's case export (api/adminio.ts) applies too. */
export const caseFilterSchema = z.object({
  status: z.coerce.number().int().min(0).max(9).catch(0).default(0),
  keyword: z.string().trim().max(20).optional().default(''),
  /** A bar of the leader's dashboard (decision 058): cases taken in that month (YYYY-MM, Beijing time) … */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
    .catch(undefined),
  /** … that ever reached this status (the funnel's stage), … */
  reached: z.coerce.number().int().min(1).max(9).optional().catch(undefined),
  /** … of this bank, product or channel. */
  bank_id: rowIdSchema().optional().catch(undefined),
  product_id: rowIdSchema().optional().catch(undefined),
  channel_id: rowIdSchema().optional().catch(undefined),
});
export const clientListRequestSchema = pageRequestSchema.extend({
  ...caseFilterSchema.shape,
  scope: scopeSchema,
  /** Within the team scope: one member's cases (a leader tapping a row of /team/list). */
  owner_id: rowIdSchema().optional(),
});
export type ClientListRequest = z.input<typeof clientListRequestSchema>;

export const caseListItemSchema = z.object({
  /** phone masked (spec §9) */
  ...personFields,
  status: z.number().int(),
  amount_fen: z.number().int(),
  term: z.number().int(),
  owner_name: z.string(),
  reject_reason: z.string(),
  created_at: z.string(),
  /** Whether the client's consent to processing is in force (decision 073): the list marks the open cases without it. */
  consent: z.boolean(),
});
export type CaseListItem = z.infer<typeof caseListItemSchema>;
export const clientListResponseSchema = pageSchema(caseListItemSchema);

export const addClientRequestSchema = caseFormSchema.extend({
  /** The partner referral this case is made from (/business/houseYsb/{id} → 转为报单, decision 049). */
  outside_client_id: blankableIdSchema(rowIdSchema(M.idInvalid)),
});
export const updateClientRequestSchema = caseFormSchema.extend({ id: recordIdSchema });
export const savedIdSchema = z.object({ id: z.number().int() });

export const caseEventSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  from_status: z.number().int().nullable(),
  to_status: z.number().int().nullable(),
  reason: z.string(),
  ...writtenFields,
});
export const caseMoveSchema = z.object({ to: z.number().int(), needs_reason: z.boolean() });

export const caseDetailSchema = z.object({
  ...personFields,
  id_number: z.string(),
  birth_date: z.string().nullable(),
  sex: z.number().int().nullable(),
  bank_card: z.string(),
  amount_fen: z.number().int(),
  term: z.number().int(),
  purpose: z.number().int().nullable(),
  ...refFields('product'),
  ...refFields('bank'),
  ...refFields('channel'),
  ...refFields('source'),
  ...refFields('city'),
  ...refFields('sign_user'),
  region: z.number().int().nullable(),
  marital: z.number().int().nullable(),
  education: z.number().int().nullable(),
  occupation: z.number().int().nullable(),
  employer_type: z.number().int().nullable(),
  income_fen: z.number().int().nullable(),
  remarks: z.string(),
  /** The fees agreed with the client (decision 068). */
  fees: z.array(caseFeeSchema),
  /** Annual all-in cost in percent (IRR of the client's cash flows × 12); null when it cannot be computed. */
  all_in_cost: z.number().nullable(),
  /** The company's warning line, percent; above 36 % a case cannot be submitted. */
  all_in_cost_cap: z.number(),
  status: z.number().int(),
  reject_reason: z.number().int().nullable(),
  reject_note: z.string(),
  /** Merged into that case (decision 066): this one is a read-only pointer. */
  merged_into: z.number().int().nullable().default(null),
  ...ownerFields,
  created_at: z.string(),
  events: z.array(caseEventSchema),
  /** what the caller may do now */
  moves: z.array(caseMoveSchema),
  can_edit: z.boolean(),
  can_delete: z.boolean(),
  can_resubmit: z.boolean(),
  can_appeal: z.boolean(),
  /** May open the case's financing agreement (融资协议, decision 051). */
  can_view_pact: z.boolean(),
  has_open_service: z.boolean(),
  /** Phone, ID number and bank card are masked: for every role since decision 065 (a tap reveals one). */
  masked: z.boolean(),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

/** The personal numbers a non-owner sees masked, each shown in full on a tap that is logged. */
export const PERSONAL_FIELDS = ['phone', 'id_number', 'bank_card'] as const;
export type PersonalField = (typeof PERSONAL_FIELDS)[number];
export const revealClientRequestSchema = z.object({
  id: recordIdSchema,
  field: z.enum(PERSONAL_FIELDS, { error: '请选择要查看的信息' }),
});
export const revealClientResponseSchema = z.object({ value: z.string() });

/** A line of the leader's view log: who saw which client's full number, when. */
export const viewLogItemSchema = z.object({
  id: z.number().int(),
  ...clientRefFields,
  staff_name: z.string(),
  field: z.enum(PERSONAL_FIELDS),
  viewed_at: z.string(),
});
export type ViewLogItem = z.infer<typeof viewLogItemSchema>;
export const viewLogResponseSchema = pageSchema(viewLogItemSchema);

export const reasonTextSchema = z.string().trim().max(200, M.reasonTooLong).optional().default('');

export const updateClientStatusRequestSchema = z.object({
  id: recordIdSchema,
  status: wholeNumberSchema(1, 9, M.statusInvalid),
  reason_code: z
    .union([z.literal(''), z.coerce.number().int()])
    .optional()
    .transform((value) => (typeof value === 'number' && value > 0 ? value : null))
    .refine((value) => value === null || isOption(REJECT_REASONS, value), M.optionInvalid),
  reason: reasonTextSchema,
});
export type UpdateClientStatusRequest = z.input<typeof updateClientStatusRequestSchema>;

// ---- follow-ups ---------------------------------------------------------------------------------------
export const pendingRequestSchema = pageRequestSchema.extend({ due: z.enum(['0', '1']).catch('0').default('0') });
export const pendingItemSchema = z.object({
  id: z.number().int(),
  ...clientRefFields,
  phone: z.string(),
  status: z.number().int(),
  note: z.string(),
  next_contact_at: z.string(),
  is_due: z.boolean(),
});
export const pendingResponseSchema = pageSchema(pendingItemSchema);
export const followUpSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  next_contact_at: z.string(),
  done_at: z.string().nullable(),
  ...writtenFields,
});
export const pendingDetailSchema = z.object({
  client: z.object({ ...personFields, status: z.number().int() }),
  list: z.array(followUpSchema),
});
export type PendingDetail = z.infer<typeof pendingDetailSchema>;

/** A follow-up note with the next time to call; the time as the datetime picker gives it, or ISO. */
export const followUpFormSchema = z.object({
  client_id: recordIdSchema,
  note: z.string({ error: M.noteRequired }).trim().min(1, M.noteRequired).max(500, M.remarksTooLong),
  next_contact_at: z
    .string({ error: M.nextContactRequired })
    .trim()
    .min(1, M.nextContactRequired)
    .refine(isPlausibleTime, M.nextContactRequired),
});
export type FollowUpFormInput = z.input<typeof followUpFormSchema>;

// ---- customer service ---------------------------------------------------------------------------------
export const serviceRequestSchema = pageRequestSchema.extend({
  status: z.enum(['open', 'all']).catch('open').default('open'),
  /** one request only (the service_detail page) */
  id: z
    .union([z.literal(''), rowIdSchema()])
    .optional()
    .transform((value) => (typeof value === 'number' ? value : null)),
});
export const serviceItemSchema = z.object({
  id: z.number().int(),
  ...clientRefFields,
  phone: z.string(),
  client_status: z.number().int(),
  ...ownerFields,
  status: z.string(),
  transfer_reason: z.string(),
  created_at: z.string(),
});
/** The page of requests, and the company's salespeople a case can be transferred to. */
export const serviceResponseSchema = pageSchema(serviceItemSchema).extend({ staff_options: z.array(namedSchema) });
export type ServiceItem = z.infer<typeof serviceItemSchema>;
export const serviceTransferRequestSchema = z.object({
  id: recordIdSchema,
  to_staff_id: z.coerce
    .number({ error: '请选择接手的业务员' })
    .int('请选择接手的业务员')
    .positive('请选择接手的业务员'),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(200, M.reasonTooLong),
});
export type ServiceTransferInput = z.input<typeof serviceTransferRequestSchema>;

// ---- appeals ------------------------------------------------------------------------------------------
export const addAppealRequestSchema = z.object({
  client_id: recordIdSchema,
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(200, M.reasonTooLong),
});
export type AddAppealInput = z.input<typeof addAppealRequestSchema>;
export const appealListRequestSchema = pageRequestSchema.extend({
  status: z.enum(['open', 'all']).catch('all').default('all'),
});
export const appealItemSchema = z.object({
  id: z.number().int(),
  ...clientRefFields,
  client_status: z.number().int(),
  staff_name: z.string(),
  reason: z.string(),
  status: z.enum(['open', 'approved', 'refused']),
  decision_reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AppealItem = z.infer<typeof appealItemSchema>;
export const appealListResponseSchema = pageSchema(appealItemSchema);
export const auditAppealRequestSchema = z
  .object({
    id: recordIdSchema,
    result: z.enum(['approved', 'refused'], { error: '请选择审核结果' }),
    reason: z.string().trim().max(200, M.reasonTooLong).optional().default(''),
  })
  .refine((value) => value.result === 'approved' || value.reason.length > 0, {
    message: '驳回申诉请填写原因',
    path: ['reason'],
  });

// ---- statistics ---------------------------------------------------------------------------------------
export const statisticRequestSchema = z.object({ scope: scopeSchema });
const monthRowSchema = z.object({ month: z.string(), ...tallyFields, disbursed_fen: z.number().int() });
export const statisticSchema = z.object({
  total: z.object({ ...tallyFields, disbursed_fen: z.number().int() }),
  by_status: z.array(statusTallySchema),
  by_month: z.array(monthRowSchema),
});
export type Statistic = z.infer<typeof statisticSchema>;
export const memberStatSchema = z.object({
  staff_id: z.number().int(),
  name: z.string(),
  ...tallyFields,
  disbursed_count: z.number().int(),
  disbursed_fen: z.number().int(),
});
export type MemberStat = z.infer<typeof memberStatSchema>;
export const statUserlistSchema = z.array(memberStatSchema);
export const teamDataSchema = statisticSchema.extend({ team_name: z.string(), members: statUserlistSchema });
export type TeamData = z.infer<typeof teamDataSchema>;

// ---- the leader's dashboard (decision 058) ------------------------------------------------------------
export const funnelRequestSchema = z.object({ scope: scopeSchema });
/** The stages of the funnel every row counts: cases taken, approved by the bank, disbursed. */
const funnelStageFields = { intake: z.number().int(), approved: z.number().int(), disbursed: z.number().int() };
/** Cases taken in one month and how many of them reached each later stage. */
export const funnelMonthSchema = z.object({
  month: z.string(),
  ...funnelStageFields,
  signed: z.number().int(),
});
/** Median time a case stays in a status before its next move, from the case events. */
export const statusMedianSchema = z.object({
  status: z.number().int(),
  hours: z.number(),
  moves: z.number().int(),
});
/** Approval rate of one bank, product or channel: approved of those decided (approved or rejected). */
export const approvalRowSchema = z.object({
  ...namedFields,
  decided: z.number().int(),
  approved: z.number().int(),
  rate_pct: z.number(),
});
export const personRowSchema = z.object({
  staff_id: z.number().int(),
  name: z.string(),
  ...funnelStageFields,
  disbursed_fen: z.number().int(),
});
export const funnelSchema = z.object({
  since: z.string(),
  months: z.array(funnelMonthSchema),
  medians: z.array(statusMedianSchema),
  approval: z.object({
    bank: z.array(approvalRowSchema),
    product: z.array(approvalRowSchema),
    channel: z.array(approvalRowSchema),
  }),
  people: z.array(personRowSchema),
});
export type Funnel = z.infer<typeof funnelSchema>;
export type ApprovalRow = z.infer<typeof approvalRowSchema>;
