import { z } from 'zod';
import type { FenInstalment } from '../calculator/fen.ts';
import { rowIdSchema } from './bounds.ts';

/*
 * GET /api/crm/financePact (spec §7): the financing agreement (融资协议) of an instalment case, decision 051.
 * A draft while the case is on its way (computed from the case and its product now); frozen, word for word
 * and fen for fen, from the moment the case is approved (审批通过).
 */

export const financePactRequestSchema = z.object({ id: rowIdSchema('报单编号无效') });

/** draft: not binding yet, follows the case; frozen: the terms as approved, never recomputed. */
export const PACT_STATE_LABELS = { draft: '草稿（审批通过后生效）', frozen: '已生效' } as const;

export const pactRowSchema = z.object({
  key: z.number().int(),
  payment_fen: z.number().int(),
  interest_fen: z.number().int(),
  principal_fen: z.number().int(),
  balance_fen: z.number().int(),
});
export type PactRow = z.infer<typeof pactRowSchema>;

/** An instalment of the calculator's schedule as the agreement's answer writes it. */
export const pactRowOf = (row: FenInstalment): PactRow => ({
  key: row.key,
  payment_fen: row.paymentFen,
  interest_fen: row.interestFen,
  principal_fen: row.principalFen,
  balance_fen: row.balanceFen,
});

export const financePactSchema = z.object({
  client_id: z.number().int(),
  state: z.enum(['draft', 'frozen']),
  /** The case's status now (an approved agreement stays frozen whatever happens to the case later). */
  case_status: z.number().int(),
  case_status_label: z.string(),
  /** When and by whose move the terms were frozen (ISO time); null for a draft. */
  frozen_at: z.string().nullable(),
  frozen_by_name: z.string().nullable(),
  bank_name: z.string(),
  product_name: z.string(),
  amount_fen: z.number().int(),
  term_months: z.number().int(),
  /** 1 月费率, 2 总费率, 3 年利率 (spec §9). */
  fee_type: z.number().int(),
  fee_type_label: z.string(),
  /** The rate as quoted, in parts per million of the principal (0.35 % = 3500). */
  rate_ppm: z.number().int(),
  /** 1 等额本息, 2 等额本金 for an annual rate; null for a fee rate (equal principal plus the fee). */
  repayment_method: z.number().int().nullable(),
  nominal_annual_ppm: z.number().int(),
  /** The true annual rate: the schedule's monthly IRR × 12, in ppm. */
  irr_ppm: z.number().int(),
  total_interest_fen: z.number().int(),
  total_fen: z.number().int(),
  schedule: z.array(pactRowSchema),
  parties: z.object({
    borrower_name: z.string(),
    borrower_id_number: z.string(),
    borrower_phone: z.string(),
    lender_name: z.string(),
    intermediary_name: z.string(),
    agent_name: z.string(),
  }),
});
export type FinancePact = z.infer<typeof financePactSchema>;
