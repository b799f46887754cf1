import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { blankAsEmpty, idSchema } from '../house/house.ts';
import { reasonedDecisionSchema } from './decision.ts';
import { optionalFilter, pageRequestSchema, pageSchema } from './page.ts';

/*
 * The commission ledger's calls (issue 42, decision 067): a receiver's lines and balance, finance's claw-back
 * queue and decision, and the monthly statements with their PDF and XLSX. Amounts are integer fen.
 */

export const RECEIVER_KINDS = ['receiver', 'partner'] as const;
export type ReceiverKind = (typeof RECEIVER_KINDS)[number];
export const RECEIVER_KIND_LABELS: Readonly<Record<ReceiverKind, string>> = {
  receiver: '返佣人',
  partner: '合作伙伴',
};

const receiverKindSchema = z.enum(RECEIVER_KINDS, { error: '返佣对象类型无效' });
const lineKindSchema = z.enum(['accrual', 'payment', 'cancel', 'reversal']);

/** The caller's own lines (a partner, a channel agent), or a receiver's for finance (`receiver_kind` and `receiver_id`). */
export const commissionLedgerRequestSchema = pageRequestSchema.extend({
  receiver_kind: optionalFilter(receiverKindSchema),
  receiver_id: optionalFilter(rowIdSchema('返佣对象无效')),
});

export const commissionLineSchema = z.object({
  id: z.number().int(),
  kind: lineKindSchema,
  amount_fen: z.number().int(),
  /** A payment: the part of the order the receiver's debt took instead of money sent. */
  netted_fen: z.number().int(),
  deal_kind: z.enum(['house', 'case']),
  deal_id: z.number().int(),
  order_id: z.number().int().nullable(),
  clawback_id: z.number().int().nullable(),
  /** The client of the deal, masked (沈*豪). */
  client: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type CommissionLine = z.infer<typeof commissionLineSchema>;

export const commissionLedgerSchema = pageSchema(commissionLineSchema).extend({
  receiver_kind: receiverKindSchema,
  receiver_id: z.number().int(),
  receiver_name: z.string(),
  balance_fen: z.number().int(),
});
export type CommissionLedger = z.infer<typeof commissionLedgerSchema>;

/** Finance pays a partner's whole positive balance (net of any claw-back owed). */
export const commissionPayRequestSchema = z.object({
  receiver_kind: z.literal('partner', { error: '只能为合作伙伴登记付款' }),
  receiver_id: rowIdSchema('返佣对象无效'),
  pay_ref: blankAsEmpty(z.string().trim().max(60, '付款流水号最多 60 个字')),
});
export const commissionPaySchema = z.object({ id: z.number().int().nullable(), paid_fen: z.number().int() });

// ---- claw-backs ------------------------------------------------------------------------------------------

export const CLAWBACK_TRIGGER_LABELS = {
  case_returned: '报单退单',
  house_failed: '房贷签约失败',
} as const;

export const clawbackListRequestSchema = pageRequestSchema.extend({
  status: optionalFilter(z.enum(['pending', 'approved', 'rejected'])).transform((s) => s ?? 'pending'),
});

export const clawbackItemSchema = z.object({
  id: z.number().int(),
  receiver_kind: receiverKindSchema,
  receiver_id: z.number().int(),
  receiver_name: z.string(),
  deal_kind: z.enum(['house', 'case']),
  deal_id: z.number().int(),
  order_id: z.number().int().nullable(),
  client_name: z.string(),
  trigger: z.enum(['case_returned', 'house_failed']),
  paid_fen: z.number().int(),
  paid_at: z.string(),
  amount_fen: z.number().int(),
  status: z.enum(['pending', 'approved', 'rejected']),
  proposed_by_name: z.string(),
  decided_by_name: z.string().nullable(),
  remark: z.string(),
  created_at: z.string(),
  /** Finance other than whoever caused it (maker-checker), while pending. */
  can_decide: z.boolean(),
});
export type ClawbackItem = z.infer<typeof clawbackItemSchema>;
export const clawbackListSchema = pageSchema(clawbackItemSchema);

export const clawbackDecideRequestSchema = reasonedDecisionSchema('decision', ['approve', 'reject'], 'remark', {
  pick: '请选择通过或驳回',
  reasonRequired: '驳回须填写原因',
});

// ---- statements ------------------------------------------------------------------------------------------

const periodSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为“年-月”，如 2026-10');

export const statementListRequestSchema = pageRequestSchema.extend({
  period: optionalFilter(periodSchema),
});

export const statementItemSchema = z.object({
  id: z.number().int(),
  receiver_kind: receiverKindSchema,
  receiver_id: z.number().int(),
  receiver_name: z.string(),
  period: z.string(),
  opening_fen: z.number().int(),
  credits_fen: z.number().int(),
  debits_fen: z.number().int(),
  closing_fen: z.number().int(),
  payable_fen: z.number().int(),
  pay_on: z.string(),
  issued_at: z.string(),
  line_count: z.number().int(),
  open_disputes: z.number().int(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;
export const statementListSchema = pageSchema(statementItemSchema);

/** A statement line as frozen at issue. */
export const statementLineSchema = z.object({
  id: z.number().int(),
  kind: lineKindSchema,
  amount_fen: z.number().int(),
  netted_fen: z.number().int(),
  client: z.string(),
  deal: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

export const disputeSchema = z.object({
  id: z.number().int(),
  line_id: z.number().int(),
  note: z.string(),
  answer: z.string(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});

export const statementDetailSchema = statementItemSchema.extend({
  lines: z.array(statementLineSchema),
  disputes: z.array(disputeSchema),
  /** Finance answers disputes and sends the link; a receiver disputes lines. */
  can_answer: z.boolean(),
  can_dispute: z.boolean(),
});
export type StatementDetail = z.infer<typeof statementDetailSchema>;

export const statementIdRequestSchema = z.object({ id: idSchema });

/** A statement's files: the sealed PDF and the XLSX (the answer is the file, not the envelope). */
export const statementFileSchema = z.string().describe('文件内容（PDF 或 XLSX）');

export const statementDisputeRequestSchema = z.object({
  id: idSchema,
  line_id: rowIdSchema('对账单明细无效'),
  note: z.string({ error: '请填写异议说明' }).trim().min(1, '请填写异议说明').max(200, '最多 200 个字'),
});
export const statementAnswerRequestSchema = z.object({
  id: rowIdSchema('异议无效'),
  answer: z.string({ error: '请填写答复' }).trim().min(1, '请填写答复').max(200, '最多 200 个字'),
});
export const statementSendSchema = z.object({ sent: z.boolean(), link: z.string() });
export const okIdSchema = z.object({ id: z.number().int() });
