import { z } from 'zod';
import { recordIdSchema } from './cases.ts';

/* The consent calls' schemas (decision 073): the staff side by case id, the client's side by the link's token. */

export const consentCaseSchema = z.object({ case_id: recordIdSchema });

export const consentWithdrawRequestSchema = consentCaseSchema.extend({
  reason: z.string().trim().min(1, '请填写撤回原因').max(200, '撤回原因不超过 200 字'),
});

/** A photo of the signed paper form; `file` arrives as a Buffer (multipart), checked by the server's files. */
export const consentUploadRequestSchema = consentCaseSchema.extend({ file: z.unknown().optional() });

const consentMethodSchema = z.enum(['sms', 'paper']);

export const consentRecordSchema = z.object({
  id: z.number().int(),
  method: consentMethodSchema,
  method_label: z.string(),
  text_version: z.string(),
  given_at: z.string(),
  recorded_by_name: z.string(),
  /** Where the client confirmed the link from (method sms). */
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Signed, short-lived links of the paper form's photo (method paper). */
  photo: z.object({ id: z.number().int(), url: z.string(), thumb_url: z.string() }).nullable(),
});

export const consentWithdrawalSchema = z.object({
  withdrawn_at: z.string(),
  withdrawn_by_name: z.string(),
  reason: z.string(),
});

export const consentStatusSchema = z.object({
  case_id: z.number().int(),
  state: z.enum(['none', 'requested', 'given', 'withdrawn']),
  state_label: z.string(),
  /** The consent in force. */
  given: consentRecordSchema.nullable(),
  /** The last withdrawal, when the case has no consent in force since. */
  withdrawal: consentWithdrawalSchema.nullable(),
  /** When the waiting link stops working. */
  link_expires_at: z.string().nullable(),
  can_manage: z.boolean(),
  current_version: z.string(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

export const consentRequestedSchema = z.object({ link: z.string(), expires_at: z.string() });

export const consentTokenSchema = z.object({ token: z.string().min(16, '授权链接无效').max(100, '授权链接无效') });

export const consentConfirmRequestSchema = consentTokenSchema.extend({
  code: z.string().regex(/^\d{6}$/, '请输入 6 位验证码'),
});

export const consentViewSchema = z.object({
  company_name: z.string(),
  client_name: z.string(),
  phone: z.string(),
  text_version: z.string(),
  title: z.string(),
  paragraphs: z.array(z.string()),
});

export const consentCodeSentSchema = z.object({ verifyCode: z.string().optional() });
