import { z } from 'zod';
import { rowIdSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { labelledStatus } from './rows.ts';

/*
 * /api/esign (spec §7, decision 054): electronic signing of a case's loan documents. Staff calls (add, list,
 * order, evidence, open, resend, cancel, download, verify) and the signer's calls under /api/esign/signer/*,
 * reached with the link's token and then the signer's own short-lived session.
 */

export const ESIGN_STATUS_LABELS = {
  sent: '待签署',
  signed: '已签署',
  cancelled: '已撤销',
  expired: '已过期',
} as const;
export type EsignStatusCode = keyof typeof ESIGN_STATUS_LABELS;
const esignStatusSchema = z.enum(['sent', 'signed', 'cancelled', 'expired']);

export const ESIGN_EVENT_LABELS: Record<string, string> = {
  created: '生成文件',
  sent: '发送签署链接',
  opened: '打开签署链接',
  code_sent: '发送短信验证码',
  code_verified: '短信验证码与身份证号核验通过',
  page_viewed: '阅读页面',
  signed: '手写签名并确认',
  sealed: '加盖数字签名（PKCS#7）',
  timestamped: '可信时间戳（RFC 3161）',
  timestamp_failed: '可信时间戳获取失败',
  downloaded: '下载文件',
  card_authorised: '银行卡授权',
  cancelled: '撤销签署',
  reminded: '短信提醒签署',
  expired: '签署单过期',
  face_verified: '意愿认证（活体检测与人脸比对）通过',
  face_failed: '意愿认证未通过',
};

/** Bank card (spec §9): 16 to 19 digits. */
export const BANK_CARD_PATTERN = /^\d{16,19}$/;
export const BANK_CARD_MESSAGE = '银行卡号格式错误';

export const esignIdSchema = z.object({ id: rowIdSchema('签署单编号无效') });
export const esignAddRequestSchema = z.object({ user_id: rowIdSchema('报单编号无效') });
export const esignListRequestSchema = pageRequestSchema.extend({
  status: esignStatusSchema.optional(),
});
export const esignOpenRequestSchema = z.object({
  id: rowIdSchema('签署单编号无效'),
  bank_card: z
    .string()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(BANK_CARD_PATTERN, BANK_CARD_MESSAGE)),
  bank_name: z.string().trim().min(1, '请填写开户银行').max(40, '开户银行名称过长'),
});
export const esignDownloadRequestSchema = z.object({
  id: rowIdSchema('签署单编号无效'),
  file: z.enum(['original', 'sealed', 'certificate']),
});
/** A PDF to check, base64 (the verify page reads the dropped file); at most about 6 MB. */
export const esignVerifyRequestSchema = z.object({
  pdf: z.string().min(8, '请选择 PDF 文件').max(8_000_000, 'PDF 文件过大'),
});

export const esignOrderSummarySchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  title: z.string(),
  signer_name: z.string(),
  signer_phone: z.string(),
  ...labelledStatus(esignStatusSchema),
  created_at: z.string(),
  signed_at: z.string().nullable(),
  /** When an unsigned order expires and its link stops working (issue 48); null once it is not waiting. */
  expires_at: z.string().nullable(),
  /** Whole days left before it expires, rounded up; null once it is not waiting. */
  days_left: z.number().int().nullable(),
});
export type EsignOrderSummary = z.infer<typeof esignOrderSummarySchema>;
export const esignListSchema = pageSchema(esignOrderSummarySchema);

export const esignEventSchema = z.object({
  seq: z.number().int(),
  type: z.string(),
  label: z.string(),
  actor: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  at: z.string(),
  detail: z.record(z.string(), z.union([z.string(), z.number()])),
  prev_hash: z.string(),
  hash: z.string(),
});
export type EsignEvent = z.infer<typeof esignEventSchema>;

export const esignChainSchema = z.object({
  intact: z.boolean(),
  /** The first event (seq) whose hash or link does not hold; null when intact. */
  broken_at: z.number().int().nullable(),
  head: z.string(),
  count: z.number().int(),
});

/** The document's pages as the signer reads them. */
const pagesSchema = z.array(z.object({ title: z.string(), paragraphs: z.array(z.string()) }));
/** The document's fingerprints: as generated, and once sealed (null before). */
const hashFields = { original_sha256: z.string(), sealed_sha256: z.string().nullable() };

export const esignOrderSchema = esignOrderSummarySchema.extend({
  signer_id_number: z.string(),
  pages: pagesSchema,
  ...hashFields,
  link: z.string().nullable(),
  link_expires_at: z.string().nullable(),
  bank_card: z.string().nullable(),
  bank_name: z.string().nullable(),
  can_resend: z.boolean(),
  can_cancel: z.boolean(),
});
export type EsignOrder = z.infer<typeof esignOrderSchema>;

export const esignEvidenceSchema = z.object({
  order_id: z.number().int(),
  ...hashFields,
  chain: esignChainSchema,
  events: z.array(esignEventSchema),
});
export type EsignEvidence = z.infer<typeof esignEvidenceSchema>;

/** A new order's signing link; null when the case already had an open order, which is the one answered. */
export const esignAddedSchema = z.object({ id: z.number().int(), link: z.string().nullable() });

/** A PDF's seal read from the file alone: its signatures, timestamps and the certificate at the trusted time. */
export const esignSealCheckSchema = z.object({
  sealed: z.boolean(),
  /** Every signature verifies over its byte ranges; what none covers is validation data only. */
  intact: z.boolean(),
  signer: z.string().nullable(),
  /** The timestamp authority's name (its certificate's common name) on the seal's token; null without one. */
  tsa: z.string().nullable(),
  /** The genTime of the RFC 3161 token in the signature (PAdES B-T), over its signature value; null without. */
  timestamp: z.string().nullable(),
  /** The genTime of the document timestamp over the whole signed file (PAdES B-LTA); null without. */
  document_timestamp: z.string().nullable(),
  level: z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA']).nullable(),
  /** The sealing certificate judged at the trusted time from the chain and CRL the document carries. */
  certificate: z
    .object({
      subject: z.string().nullable(),
      issuer: z.string().nullable(),
      not_after: z.string(),
      /** SHA-256 of the certificate (DER): its fingerprint. */
      sha256: z.string(),
      expired_now: z.boolean(),
      valid_at_timestamp: z.boolean().nullable(),
      chain_complete: z.boolean(),
      revocation: z.enum(['not_revoked', 'revoked', 'unknown']),
    })
    .nullable(),
});
export type EsignSealCheck = z.infer<typeof esignSealCheckSchema>;

export const esignVerifySchema = z.object({
  sha256: z.string(),
  /** The file is byte for byte the sealed document of one of the company's orders. */
  matches_order: z.boolean(),
  order_id: z.number().int().nullable(),
  seal: esignSealCheckSchema,
  chain: esignChainSchema.nullable(),
});
export type EsignVerify = z.infer<typeof esignVerifySchema>;

/** The largest PDF the public verify page takes (a sealed contract is ~100 KB; a scan-heavy one a few MB). */
export const ESIGN_VERIFY_MAX_BYTES = 10 * 1024 * 1024;

/** The public verify page's upload (multipart): one file, checked by its content to be a PDF. */
export const esignPublicVerifyRequestSchema = z.object({ file: z.unknown().optional() });

/**
 * What anyone holding a PDF learns about it (/interface/esign/verify, issue 48): only what its own bytes say, and
 * whether it is byte for byte a document this product sealed. No order number, nothing of another document.
 * `verdict`: valid (sealed here and unchanged), altered (a seal that no longer holds), unregistered (a seal that
 * holds, not one of the sealed contracts: a signing certificate or another issuer's document), unsigned.
 */
export const esignPublicVerifySchema = z.object({
  sha256: z.string(),
  verdict: z.enum(['valid', 'altered', 'unregistered', 'unsigned']),
  /** Byte for byte the sealed document of an order signed through this product. */
  registered: z.boolean(),
  /** Sealed with this product's own seal certificate (also true of a signing certificate, 签署证书). */
  our_seal: z.boolean(),
  /** The sealed order's words, when registered: its company, title and the signer's name masked. */
  company_name: z.string().nullable(),
  title: z.string().nullable(),
  signer_name: z.string().nullable(),
  signed_at: z.string().nullable(),
  /** The order's evidence chain recomputes, when registered. */
  evidence_intact: z.boolean().nullable(),
  seal: esignSealCheckSchema,
});
export type EsignPublicVerify = z.infer<typeof esignPublicVerifySchema>;

// ---- the signer ----

export const esignTokenSchema = z.object({ token: z.string().min(16, '签署链接无效').max(100, '签署链接无效') });
export const esignSignerLoginSchema = esignTokenSchema.extend({
  code: z.string().regex(/^\d{6}$/, '请输入 6 位验证码'),
  id_number: z
    .string()
    .trim()
    .regex(/^\d{17}[\dXx]$/, '身份证号格式错误'),
});
export const esignSignerStartSchema = z.object({
  title: z.string(),
  company_name: z.string(),
  signer_name: z.string(),
  phone: z.string(),
  status: esignStatusSchema,
});
export const esignSignerDocumentSchema = z.object({
  order_id: z.number().int(),
  title: z.string(),
  signer_name: z.string(),
  status: esignStatusSchema,
  pages: pagesSchema,
  viewed: z.array(z.number().int()),
  ...hashFields,
});
export type EsignSignerDocument = z.infer<typeof esignSignerDocumentSchema>;
export const esignPageViewSchema = z.object({ page: z.coerce.number().int().min(1).max(50) });
export const esignSignRequestSchema = z.object({
  /** The handwritten signature as the pad exports it: a PNG data URL. */
  signature: z
    .string()
    .max(700_000, '签名图片过大')
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, '请先手写签名'),
  consent: z.union([z.literal(true), z.literal('true'), z.literal('1')], { error: '请勾选同意后再签署' }),
});
export const esignSignedSchema = z.object({ sealed_sha256: z.string() });
/** The signer's files: the original, their sealed copy, and the signing certificate (签署证书) of the order. */
export const esignSignerFileSchema = z.object({ file: z.enum(['original', 'sealed', 'certificate']) });
