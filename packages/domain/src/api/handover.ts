import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';

/*
 * The handover of a staff member who leaves (离职继承) or changes post (在职继承), decision 066: the company
 * admin hands everything the person holds to a colleague or (cases) to the public pool, in one step.
 */

/** A form sends 'true' or 'false' (or 1/0, or nothing); JSON its boolean. */
const flag = (message: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])], { error: message })
    .optional()
    .transform((v) => v === true || v === 'true' || v === '1');

const blank = (v: unknown) => (v === '' || v === 'null' || v == null ? undefined : v);

/** Who is handed over, to whom (a colleague, or the pool for the cases), and whether they are disabled. */
export const handoverRequestSchema = z
  .object({
    from_id: rowIdSchema('请选择交接的员工'),
    to_id: z.preprocess(blank, rowIdSchema('请选择接手的同事').optional()),
    to_pool: flag('请选择是否退回公海'),
    disable: flag('请选择是否停用'),
  })
  .superRefine((form, ctx) => {
    if (form.to_id === undefined && !form.to_pool)
      ctx.addIssue({ code: 'custom', path: ['to_id'], message: '请选择接手的同事或退回公海' });
    if (form.to_id !== undefined && form.to_id === form.from_id)
      ctx.addIssue({ code: 'custom', path: ['to_id'], message: '不能交接本人' });
  });

/** What a handover moves, one count per kind (the answer and the report list them in this order). */
export const HANDOVER_KINDS = [
  'cases',
  'pooled_cases',
  'follow_ups',
  'repayments',
  'proof_rejections',
  'sign_tasks',
  'partners',
  'house_clients',
  'house_channels',
  'brokerage_users',
  'house_recommends',
  'wecom_contacts',
] as const;
export type HandoverKind = (typeof HANDOVER_KINDS)[number];

/** The names of the kinds, as the back office and the report show them. */
export const HANDOVER_KIND_LABELS: Record<HandoverKind, string> = {
  cases: '分期报单',
  pooled_cases: '退回公海的报单',
  follow_ups: '待跟进',
  repayments: '待确认还款',
  proof_rejections: '待重传凭证',
  sign_tasks: '手中的签约任务',
  partners: '邀请的合作伙伴',
  house_clients: '房贷客户',
  house_channels: '房贷渠道',
  brokerage_users: '返佣收款人及渠道经纪人',
  house_recommends: '房贷推荐',
  wecom_contacts: '企业微信客户',
};

const countsSchema = z.object(
  Object.fromEntries(HANDOVER_KINDS.map((kind) => [kind, z.number().int()])) as Record<HandoverKind, z.ZodNumber>,
);

/** WeCom's takeover state of one external contact: 1 taken over … 5 no record (transfer_result). */
export const WECOM_TRANSFER_STATUS_LABELS: Record<number, string> = {
  0: '已发起，等待企业微信确认',
  1: '接替完毕',
  2: '等待接替',
  3: '客户拒绝',
  4: '接替成员客户达到上限',
  5: '无接替记录',
};

export const handoverAnswerSchema = z.object({
  id: z.number().int(),
  from: z.object({ id: z.number().int(), name: z.string() }),
  /** The colleague who took over; null when everything went to the pool or stayed. */
  to: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  to_pool: z.boolean(),
  disabled: z.boolean(),
  /** Sessions ended: the person handed over is signed out everywhere. */
  signed_out: z.number().int(),
  created_at: z.string(),
  moved: countsSchema,
  /** Each record that could not move, and why. */
  unmoved: z.array(
    z.object({ kind: z.enum(HANDOVER_KINDS), kind_label: z.string(), name: z.string(), reason: z.string() }),
  ),
  /** The WeCom external-contact transfer: how it was asked (employed or resigned member) and each contact's state. */
  wecom: z.object({
    mode: z.enum(['employed', 'resigned', 'none']),
    contacts: z.array(
      z.object({
        external_userid: z.string(),
        errcode: z.number().int(),
        status: z.number().int(),
        status_label: z.string(),
      }),
    ),
  }),
});
export type HandoverAnswer = z.infer<typeof handoverAnswerSchema>;

export const handoverIdRequestSchema = z.object({ id: rowIdSchema('交接记录无效') });

export const handoverReportSchema = z.string().describe('交接报告 XLSX');
