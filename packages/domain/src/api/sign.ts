import { z } from 'zod';
import { MAX_ROW_ID } from './bounds.ts';
import { idSchema } from '../house/house.ts';
import { reasonedDecisionSchema } from './decision.ts';
import { optionalFilter, pageRequestSchema, pageSchema } from './page.ts';

/** The signing centre's calls: GET sign (a task), POST taskList, the task actions, wxWorkApprove. */

export const SIGN_STATUS_LABELS = {
  open: '待领取',
  taken: '待签约',
  signed: '已签约',
  rejected: '已拒签，待审批',
  reject_approved: '拒签已确认',
  withdrawn: '已撤回',
} as const;
export type SignStatus = keyof typeof SIGN_STATUS_LABELS;

/** flag 1 the task centre (open tasks), 2 one signer's tasks, 3 rejections awaiting approval (the holder of the company's sign.reject.approve grant). */
export const taskListRequestSchema = pageRequestSchema.extend({
  userid: z.coerce.number().int().min(0).max(MAX_ROW_ID).default(0),
  flag: z.coerce
    .number()
    .int()
    .refine((f) => f === 1 || f === 2 || f === 3, '列表类型无效'),
  kind: optionalFilter(z.enum(['case', 'house'])),
});

export const signTaskSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['case', 'house']),
  /** The instalment case a `case` task is about (opens /business/detail/:id); null for a home-loan task. */
  client_id: z.number().int().nullable(),
  client_name: z.string(),
  client_phone: z.string(),
  status: z.enum(['open', 'taken', 'signed', 'rejected', 'reject_approved', 'withdrawn']),
  signer_id: z.number().int().nullable(),
  signer_name: z.string().nullable(),
  appointment_at: z.string().nullable(),
  place: z.string().nullable(),
  outcome_note: z.string().nullable(),
  wecom_sp_no: z.string().nullable(),
  created_at: z.string(),
});
export type SignTask = z.infer<typeof signTaskSchema>;
export const taskListSchema = pageSchema(signTaskSchema);

export const signDetailSchema = signTaskSchema.extend({
  bank: z.string().nullable(),
  loan_amount_fen: z.number().int().nullable(),
  events: z.array(
    z.object({
      actor_name: z.string(),
      from_status: z.string(),
      to_status: z.string(),
      reason: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type SignDetail = z.infer<typeof signDetailSchema>;

export const signIdRequestSchema = z.object({ id: idSchema });

/** The signing centre's decisions: a signer's outcome (a refusal says why), an approver's answer to a refusal. */
const M = {
  task: { pick: '请选择签约结果', reasonRequired: '拒签须填写原因' },
  refusal: { pick: '请选择同意或退回', reasonRequired: '退回须填写原因' },
} as const;
export const updateTaskRequestSchema = reasonedDecisionSchema('outcome', ['signed', 'rejected'], 'note', M.task);
export const auditRejectRequestSchema = reasonedDecisionSchema('decision', ['approve', 'refuse'], 'reason', M.refusal);

export const wxWorkApproveResponseSchema = z.object({ sp_no: z.string() });
