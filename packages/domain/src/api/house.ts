import { z } from 'zod';
import { isPlausibleTime, rowIdSchema } from './bounds.ts';
import { blankAsEmpty, blankableTextSchema, idSchema, optionalIdSchema } from '../house/house.ts';
import { reasonedDecisionSchema } from './decision.ts';
import { optionalFilter, pageRequestSchema, pageSchema } from './page.ts';
import {
  actorFields,
  channelContactFields,
  houseLoanAskFields,
  namedSchema,
  ownerFields,
  personFields,
  statusTallySchema,
} from './rows.ts';

/*
 * Request and response schemas of the House CRM calls (spec §7) and the few calls decision 031 adds.
 * Lists page by keyset cursor, the one contract of api/page.ts (newest first, `next_cursor`).
 */

const keywordField = blankAsEmpty(z.string().trim().max(30));
const optionalInt = (min: number, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === 'null' || v == null ? null : v),
    z.coerce.number().int().min(min).max(max).nullable(),
  );

export const idRequestSchema = z.object({ id: idSchema });
export const okResponseSchema = z.object({ id: z.number().int() });

export const listOf = pageSchema;

// ---- clients -------------------------------------------------------------------------------------

export const houseClientItemSchema = z.object({
  ...personFields,
  status: z.number().int(),
  ...houseLoanAskFields,
  product: z.enum(['mortgage', 'card']),
  source: z.enum(['staff', 'channel', 'official']),
  channel_id: z.number().int().nullable(),
  channel_name: z.string().nullable(),
  ...ownerFields,
  steward_status: z.enum(['waiting', 'handled']),
  brokerage_state: z.enum(['none', 'pending_audit', 'approved', 'rejected']),
  brokerage_fen: z.number().int().nullable(),
  created_at: z.string(),
});
export type HouseClientItem = z.infer<typeof houseClientItemSchema>;
export const houseClientListSchema = listOf(houseClientItemSchema);

export const getHouseListRequestSchema = pageRequestSchema.extend({
  keyword: keywordField,
  status: optionalInt(1, 4),
  channel_id: optionalIdSchema,
  source: optionalFilter(z.enum(['staff', 'channel', 'official'])),
});
export const getHouseList2RequestSchema = pageRequestSchema.extend({
  steward_status: optionalFilter(z.enum(['waiting', 'handled'])),
});
/** A page of a list searched by keyword. */
export const keywordPageRequestSchema = pageRequestSchema.extend({ keyword: keywordField });

export const houseReferrerSchema = namedSchema;
export const houseOrderSchema = z.object({
  id: z.number().int(),
  house_client_id: z.number().int(),
  client_name: z.string(),
  brokerage_user_id: z.number().int(),
  brokerage_user_name: z.string(),
  bank_name: z.string(),
  bank_card: z.string(),
  amount_fen: z.number().int(),
  rate_bp: z.number().int(),
  status: z.number().int(),
  remark: z.string(),
  pay_ref: z.string(),
  created_at: z.string(),
});
export type HouseOrder = z.infer<typeof houseOrderSchema>;
export const auditEventSchema = z.object({
  id: z.number().int(),
  ...actorFields,
  decision: z.enum(['requested', 'approved', 'rejected']),
  reason: z.string(),
  created_at: z.string(),
});
export const houseDetailSchema = z.object({
  client: houseClientItemSchema.extend({
    id_number: z.string().nullable(),
    remark: z.string(),
    steward_id: z.number().int().nullable(),
    steward_name: z.string().nullable(),
    brokerage_rate_bp: z.number().int().nullable(),
  }),
  /** The referrers, nearest first: who referred this client, who referred them … */
  chain: z.array(houseReferrerSchema),
  referred: z.array(houseReferrerSchema),
  images: z.array(z.object({ house_type: z.number().int(), count: z.number().int() })),
  orders: z.array(houseOrderSchema),
  audit_events: z.array(auditEventSchema),
  can_delete: z.boolean(),
  can_set_brokerage: z.boolean(),
});
export type HouseDetail = z.infer<typeof houseDetailSchema>;

export const houseImgRequestSchema = z.object({ id: idSchema, house_type: z.coerce.number().int().min(1).max(7) });
export const houseImageSchema = z.object({
  id: z.number().int(),
  house_type: z.number().int(),
  url: z.string(),
  created_at: z.string(),
  /** The caller may remove it (delHouseImg): only while the client is new, before signing (decision 033). */
  deletable: z.boolean(),
});
export const houseImageListSchema = z.array(houseImageSchema);

// ---- channels, recommendations, receivers --------------------------------------------------------

export const houseChannelSchema = z.object({
  ...channelContactFields,
  remark: z.string(),
  ...ownerFields,
  client_count: z.number().int(),
  created_at: z.string(),
  /** False once staff stopped the channel: its agents cannot log in to /houseloan (decision 052). */
  enabled: z.boolean(),
});
export type HouseChannel = z.infer<typeof houseChannelSchema>;
export const houseChannelListSchema = listOf(houseChannelSchema);
export const getHouseChannelListRequestSchema = pageRequestSchema.extend({
  keyword: keywordField,
  id: optionalIdSchema,
});

export const houseRecommendSchema = z.object({
  ...personFields,
  channel_name: z.string().nullable(),
  intent_amount_fen: z.number().int(),
  remark: z.string(),
  created_at: z.string(),
});
export const houseRecommendListSchema = listOf(houseRecommendSchema);
/** One recommendation's own sheet (getHouseRecommendDetail): the full phone, and who recorded it. */
export const houseRecommendDetailSchema = houseRecommendSchema.extend({ staff_name: z.string() });
export type HouseRecommendDetail = z.infer<typeof houseRecommendDetailSchema>;

export const houseBrokerageUserSchema = z.object({
  ...personFields,
  bank_name: z.string(),
  bank_card: z.string(),
  channel_name: z.string().nullable(),
  created_at: z.string(),
});
export const houseBrokerageUserListSchema = listOf(houseBrokerageUserSchema);

// ---- brokerage, audits, orders -------------------------------------------------------------------

export const setBrokerageResponseSchema = z.object({
  state: z.enum(['pending_audit', 'approved']),
  amount_fen: z.number().int(),
  parts_fen: z.array(z.number().int()),
});

export const houseBrokerageSummarySchema = z.object({
  client_count: z.number().int(),
  total_fen: z.number().int(),
  pending_fen: z.number().int(),
  paid_fen: z.number().int(),
  audit_pending: z.number().int(),
});
export const houseBrokerageListSchema = listOf(houseClientItemSchema);

export const houseAuditSchema = z.object({
  id: z.number().int(),
  house_client_id: z.number().int(),
  client_name: z.string(),
  loan_amount_fen: z.number().int(),
  rate_bp: z.number().int(),
  amount_fen: z.number().int(),
  requested_by: z.number().int(),
  requested_by_name: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  events: z.array(auditEventSchema),
  /** Who the approval pays and how much each (issue 39 §8: finance decides knowing it). */
  receivers: z.array(z.object({ id: z.number().int(), name: z.string(), amount_fen: z.number().int() })),
});
export type HouseAudit = z.infer<typeof houseAuditSchema>;
export const houseAuditListSchema = listOf(houseAuditSchema);
export const getHouseAuditRequestSchema = pageRequestSchema.extend({
  status: z.preprocess(
    (v) => (v === '' || v === 'null' || v == null ? 'pending' : v),
    z.enum(['pending', 'approved', 'rejected']),
  ),
});
export const updateHouseAuditRequestSchema = reasonedDecisionSchema('decision', ['approve', 'reject'], 'reason', {
  pick: '请选择通过或驳回',
  reasonRequired: '驳回须填写原因',
});

export const orderStatusSummarySchema = z.object({
  counts: z.array(statusTallySchema),
  can_update: z.boolean(),
});
export const houseOrderListSchema = listOf(houseOrderSchema);
export const houseOrderListRequestSchema = pageRequestSchema.extend({
  status: z.coerce.number().int().min(0).max(3).default(0),
});
export const updateHouseOrderRequestSchema = z.object({
  id: idSchema,
  remark: blankableTextSchema,
  pay_ref: blankAsEmpty(z.string().trim().max(64)),
});
/** The full number behind a masked one, shown on a tap that is logged (decision 065). */
export const revealResponseSchema = z.object({ value: z.string() });

/** The house records whose numbers a tap reveals (decision 065): a client, a recommendation, a channel's contact. */
export const HOUSE_CONTACT_KINDS = ['client', 'recommend', 'channel'] as const;
export type HouseContactKind = (typeof HOUSE_CONTACT_KINDS)[number];
export const revealHouseContactRequestSchema = z.object({
  kind: z.enum(HOUSE_CONTACT_KINDS, { error: '请选择要查看的记录' }),
  id: idSchema,
  field: z.enum(['phone', 'id_number'], { error: '请选择要查看的信息' }).default('phone'),
});

export const updateHouseOrderStatusRequestSchema = z.object({
  id: idSchema,
  status: z.coerce
    .number()
    .int()
    .refine((s) => s === 2 || s === 3, '状态无效'),
});

// ---- team, allocation, steward -------------------------------------------------------------------

export const allotHouseRequestSchema = z.object({
  kind: z.enum(['channel', 'client'], { error: '请选择分配对象' }),
  id: idSchema,
  staff_id: rowIdSchema('请选择员工'),
});
export const houseStaffSchema = z.array(namedSchema);
export const houseStatusSchema = z.array(z.object({ value: z.number().int(), label: z.string() }));
export const houseSignSubmitRequestSchema = z.object({
  id: idSchema,
  appointment_at: z.string().trim().min(1, '请选择预约时间').refine(isPlausibleTime, '预约时间无效'),
  place: z.string().trim().min(1, '请输入签约地点').max(100),
});
