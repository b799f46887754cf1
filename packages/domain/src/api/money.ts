import { z } from 'zod';
import { isPlausibleTime, isRowId, optionValueSchema, rowIdSchema } from './bounds.ts';
import { isValidBankCardNumber } from '../idcard/luhn.ts';
import { MAX_IMAGES_PER_PROOF, PROOF_TYPES, REPAYMENT_METHODS } from '../money/options.ts';
import { isAmountTooLarge, moneyAmountToFen } from '../money/amount.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { clientRefFields, namedSchema } from './rows.ts';
import { BANK_CARD_PATTERN, cleanCardNumber } from '../validation/formats.ts';
import { VALIDATION_MESSAGES as V } from '../validation/messages.ts';

/**
 * Schemas of the repayment and proof calls (spec §7: moneyList, moneyConfirm, addMoney, delMoney, proof,
 * updateProof, delProof, getProof, proofReject, /common/delimg, /api/ysb/uploadImg). Requests arrive as
 * multipart strings, so numbers are coerced; the add-money form validates with the same field schemas.
 */
export const MONEY_MESSAGES = {
  caseRequired: '案件无效',
  recordRequired: '记录无效',
  amountRequired: '请输入还款金额',
  amountFormat: V.amountFormat,
  amountTooLarge: V.amountTooLarge,
  dateRequired: '请选择还款日期',
  dateFormat: '还款日期格式错误',
  methodRequired: '请选择还款方式',
  cardFormat: V.bankCardFormat,
  cardCheck: '银行卡号校验不通过，请核对',
  noteTooLong: '备注不能超过 200 字',
  keyRequired: '请求标识无效，请刷新页面后重试',
  typeRequired: '请选择凭证类型',
  imagesRequired: '请至少上传一张图片',
  imagesTooMany: `最多上传 ${MAX_IMAGES_PER_PROOF} 张图片`,
  imagesInvalid: '图片无效',
  reasonRequired: '请填写驳回原因',
  reasonTooLong: '驳回原因不能超过 200 字',
  kindInvalid: '上传类型无效',
} as const;
const M = MONEY_MESSAGES;

/** A list of image ids as multipart sends it: one field repeated, or one comma-separated string. */
export const imageIdsSchema = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))], { error: M.imagesRequired })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : [value])
      .flatMap((part) => String(part).split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    const ids = parts.map(Number);
    if (!ids.every(isRowId)) {
      ctx.addIssue({ code: 'custom', message: M.imagesInvalid });
      return z.NEVER;
    }
    return [...new Set(ids)];
  })
  .pipe(z.array(z.number()).min(1, M.imagesRequired).max(MAX_IMAGES_PER_PROOF, M.imagesTooMany));

/** Optional image list: missing or empty means none. */
const optionalImageIds = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .optional()
  .transform((value) =>
    value === undefined || value === '' || (Array.isArray(value) && value.length === 0) ? undefined : value,
  )
  .pipe(z.union([z.undefined(), imageIdsSchema]))
  .transform((value) => value ?? []);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isPlausibleTime(value) && date.toISOString().slice(0, 10) === value;
};

/** The add-money form's fields, shared by the web form and the server. */
export const moneyFormFields = {
  amount: z
    .string({ error: M.amountRequired })
    .trim()
    .min(1, M.amountRequired)
    .refine((value) => !isAmountTooLarge(value), M.amountTooLarge)
    .refine((value) => isAmountTooLarge(value) || moneyAmountToFen(value) !== null, M.amountFormat),
  paid_on: z
    .string({ error: M.dateRequired })
    .trim()
    .min(1, M.dateRequired)
    .regex(isoDay, M.dateFormat)
    .refine(isRealDay, M.dateFormat),
  method: optionValueSchema(REPAYMENT_METHODS, M.methodRequired),
  /** Only for card methods; the server keeps its last four digits. Spaces from OCR or typing are dropped. */
  card_no: z
    .string()
    .optional()
    .transform((value) => cleanCardNumber(value ?? ''))
    .refine((value) => value === '' || BANK_CARD_PATTERN.test(value), M.cardFormat)
    .refine((value) => value === '' || isValidBankCardNumber(value), M.cardCheck),
  note: z.string().trim().max(200, M.noteTooLong).optional().default(''),
};
export const moneyFormSchema = z.object(moneyFormFields);
export type MoneyFormInput = z.input<typeof moneyFormSchema>;

export const addMoneyRequestSchema = z.object({
  id: rowIdSchema(M.caseRequired),
  ...moneyFormFields,
  imgs: optionalImageIds,
  /** Made by the form when it opens; a retry with the same key answers the first result. */
  key: z.string({ error: M.keyRequired }).uuid(M.keyRequired),
});
export type AddMoneyRequest = z.output<typeof addMoneyRequestSchema>;

/** The one paging contract (api/page.ts). */
export const pageQueryFields = pageRequestSchema.shape;

export const moneyListRequestSchema = z.object({ id: rowIdSchema(M.caseRequired), ...pageQueryFields });
export const recordIdRequestSchema = z.object({ id: rowIdSchema(M.recordRequired) });

export const imageSchema = z.object({
  id: z.number().int(),
  /** Short-lived signed addresses (5 minutes); ask the list again for fresh ones. */
  url: z.string(),
  thumb_url: z.string(),
});
export type ProofImage = z.infer<typeof imageSchema>;

const personSchema = namedSchema;
const caseSchema = namedSchema;

export const moneyRecordSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  amount_fen: z.number().int(),
  paid_on: z.string(),
  method: z.number().int(),
  card_last4: z.string().nullable(),
  note: z.string(),
  status: z.enum(['pending', 'confirmed']),
  created_by: personSchema,
  confirmed_by: personSchema.nullable(),
  confirmed_at: z.string().nullable(),
  created_at: z.string(),
  images: z.array(imageSchema),
  can_confirm: z.boolean(),
  can_delete: z.boolean(),
});
export type MoneyRecord = z.infer<typeof moneyRecordSchema>;

export const moneyListResponseSchema = pageSchema(moneyRecordSchema).extend({
  client: caseSchema,
  confirmed_fen: z.number().int(),
  can_add: z.boolean(),
});
export type MoneyList = z.infer<typeof moneyListResponseSchema>;

export const addProofRequestSchema = z.object({
  id: rowIdSchema(M.caseRequired),
  type: optionValueSchema(PROOF_TYPES, M.typeRequired),
  imgs: imageIdsSchema,
});
export const updateProofRequestSchema = z.object({ id: rowIdSchema(M.recordRequired), imgs: imageIdsSchema });
export const rejectProofRequestSchema = z.object({
  id: rowIdSchema(M.recordRequired),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(200, M.reasonTooLong),
});
export const getProofQuerySchema = z.object({ id: rowIdSchema(M.caseRequired) });
export const proofRejectQuerySchema = z.object(pageQueryFields);

export const rejectionSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  rejected_by: personSchema,
  created_at: z.string(),
  resolved_at: z.string().nullable(),
});

export const proofSchema = z.object({
  id: z.number().int(),
  client_id: z.number().int(),
  type: z.number().int(),
  status: z.enum(['submitted', 'rejected']),
  version: z.number().int(),
  images: z.array(imageSchema),
  /** Earlier versions, newest first: what a re-upload replaced. */
  history: z.array(z.object({ version: z.number().int(), images: z.array(imageSchema) })),
  rejections: z.array(rejectionSchema),
  created_at: z.string(),
  can_edit: z.boolean(),
  can_reject: z.boolean(),
});
export type Proof = z.infer<typeof proofSchema>;

export const proofListResponseSchema = z.object({
  client: caseSchema,
  items: z.array(proofSchema),
  can_add: z.boolean(),
});
export type ProofList = z.infer<typeof proofListResponseSchema>;

export const proofRejectionItemSchema = z.object({
  id: z.number().int(),
  proof_id: z.number().int(),
  client: caseSchema,
  type: z.number().int(),
  reason: z.string(),
  rejected_by: personSchema,
  created_at: z.string(),
  images: z.array(imageSchema),
});
export type ProofRejectionItem = z.infer<typeof proofRejectionItemSchema>;
export const proofRejectListSchema = pageSchema(proofRejectionItemSchema);

/** A repayment of the leader's team waiting for their confirmation (the leader's "to confirm" list). */
export const moneyToConfirmItemSchema = z.object({
  id: z.number().int(),
  ...clientRefFields,
  amount_fen: z.number().int(),
  paid_on: z.string(),
  recorded_by: z.string(),
  created_at: z.string(),
  /** The record's proof photos (signed like moneyList's), so the leader confirms from the list (issue 39 §14). */
  images: z.array(imageSchema),
});
export type MoneyToConfirmItem = z.infer<typeof moneyToConfirmItemSchema>;
export const moneyToConfirmListSchema = pageSchema(moneyToConfirmItemSchema);
export type MoneyToConfirmList = z.infer<typeof moneyToConfirmListSchema>;
export type ProofRejectList = z.infer<typeof proofRejectListSchema>;

export const UPLOAD_KINDS = ['proof', 'idCard', 'bankCard'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** The non-file fields of /api/ysb/uploadImg; the file itself is checked by its bytes on the server. */
export const uploadImgFieldsSchema = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: M.kindInvalid }).default('proof'),
  /** The case a proof image belongs to; OCR uploads need none. */
  id: rowIdSchema(M.caseRequired).optional(),
});

export const ocrResultSchema = z.object({
  kind: z.enum(['idCard', 'bankCard']),
  number: z.string(),
  /** 0 to 1; lowered when the number fails its check digit. */
  confidence: z.number(),
  /** Whether the number passed its check digit (GB 11643 or Luhn). */
  valid: z.boolean(),
});
export type OcrResult = z.infer<typeof ocrResultSchema>;

export const uploadImgResponseSchema = z.object({
  image: imageSchema.nullable(),
  ocr: ocrResultSchema.nullable(),
});
export type UploadImgResult = z.infer<typeof uploadImgResponseSchema>;
