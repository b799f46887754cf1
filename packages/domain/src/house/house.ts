import { z } from 'zod';
import { rowIdSchema } from '../api/bounds.ts';
import { cleanCardNumber, isIdNumberFormat } from '../validation/formats.ts';
import { phoneSchema } from '../validation/fields.ts';
import { VALIDATION_MESSAGES as M } from '../validation/messages.ts';
import { MAX_RATE_BP, MAX_SPLIT_PARTS, percentToBp } from '../brokerage/brokerage.ts';
import { isAmountTooLarge, loanAmountToFen } from '../money/amount.ts';
import { isValidIdNumber } from '../idcard/id-number.ts';
import { CASE_MESSAGES } from '../cases/messages.ts';
import { isOption, list } from '../options/index.ts';

/** Spec §9: house loans run 1 to 30 years, in 12-month steps. */
export const HOUSE_TERMS: readonly number[] = Array.from({ length: 30 }, (_, i) => (i + 1) * 12);

export function isHouseTerm(months: number): boolean {
  return Number.isInteger(months) && months >= 12 && months <= 360 && months % 12 === 0;
}

/** A house client's progress (decision 030): 1 new → 2 in signing → 3 signed, or 4 signing failed. */
export const HOUSE_STATUS = { NEW: 1, SIGNING: 2, SIGNED: 3, FAILED: 4 } as const;
export const HOUSE_STATUS_OPTIONS = list(['新建', '签约中', '已签约', '签约失败']);

/** Image types of a house client's file (the {house_type} of /business/houseUpload). */
export const HOUSE_IMAGE_TYPES = list([
  '身份证',
  '房产证',
  '户口本',
  '银行流水',
  '购房合同',
  '其他资料',
  // Photographed by the referring channel agent at /houseloan/auth (decision 052).
  '客户授权书',
]);
export const isHouseImageType = (value: number) => isOption(HOUSE_IMAGE_TYPES, value);
export const MAX_HOUSE_IMAGE_BYTES = 10 * 1024 * 1024;
/**
 * Document images one house client may have, all types together. A total rather than a cap per type:
 * bank statements (银行流水) run to dozens of pages while an ID card is two, and a total bounds the
 * storage and the CPU one client can cost either way. Twice the proofs' cap of a case (MAX_PROOFS_PER_CASE),
 * since there is no route to delete a house image and a file holds six kinds of document.
 */
export const MAX_HOUSE_IMAGES_PER_CLIENT = 100;

export const HOUSE_PRODUCTS = [
  { value: 'mortgage', label: '房屋抵押贷' },
  { value: 'card', label: '信用卡分期' },
] as const;

export const HOUSE_MESSAGES = {
  nameRequired: '请输入客户姓名',
  receiverNameRequired: '请输入返佣人姓名',
  nameTooLong: '姓名最多 30 个字',
  amountRequired: '请输入贷款金额',
  amountFormat: '贷款金额至少 100 元，最多两位小数',
  termInvalid: '房贷期限为 12 至 360 个月，按 12 个月递增',
  bankRequired: '请输入贷款银行',
  rateFormat: '返佣比例为百分数，最多两位小数，且不超过 10%',
  receiversRequired: `请选择 1 至 ${MAX_SPLIT_PARTS} 位返佣人`,
  sharesInvalid: '分配份额须为正整数，且与返佣人一一对应',
  channelNameRequired: '请输入渠道名称',
  contactRequired: '请输入联系人',
  bankNameRequired: '请输入开户银行',
  reasonRequired: '请填写原因',
  tooManyImages: `每位客户最多上传 ${MAX_HOUSE_IMAGES_PER_CLIENT} 张资料图片`,
  imagesFinal: '客户已提交签约，资料不能删除',
  imageNotFound: '图片不存在或已删除',
} as const;

/** Form values arrive as strings; empty, '0' and 'null' mean "none" for an optional id. */
export const optionalIdSchema = z.preprocess(
  (value) => (value === '' || value === 'null' || value === '0' || value === 0 || value == null ? null : value),
  rowIdSchema().nullable(),
);

export const idSchema = rowIdSchema('记录无效');

/** Reads null and 'null', what a form sends for nothing, as '' before `text` checks the value. */
export const blankAsEmpty = <T extends z.ZodType>(text: T) =>
  z.preprocess((v) => (v == null || v === 'null' ? '' : v), text);

/** A note or reason that may be left out (up to 200 characters). */
export const blankableTextSchema = blankAsEmpty(z.string().trim().max(200));

const trimmed = (required: string, max: number, tooLong = `最多 ${max} 个字`) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

const optionalText = (max: number) => blankAsEmpty(z.string().trim().max(max, `最多 ${max} 个字`));

/** A loan amount typed by a person, turned into fen by the one money rule (decision 043). */
export const yuanAmountSchema = z
  .string({ error: HOUSE_MESSAGES.amountRequired })
  .trim()
  .min(1, HOUSE_MESSAGES.amountRequired)
  .refine((text) => !isAmountTooLarge(text), M.amountTooLarge)
  .refine((text) => isAmountTooLarge(text) || loanAmountToFen(text) !== null, HOUSE_MESSAGES.amountFormat)
  .transform((text) => loanAmountToFen(text) ?? 0);

/** addHouseClient: the form of /business/houseAdd and the server's check. */
export const houseClientFormSchema = z.object({
  name: trimmed(HOUSE_MESSAGES.nameRequired, 30, HOUSE_MESSAGES.nameTooLong),
  phone: phoneSchema,
  id_number: optionalText(18)
    .refine((v) => isIdNumberFormat(v), M.idNumberFormat)
    .refine((v) => v === '' || !isIdNumberFormat(v) || isValidIdNumber(v), CASE_MESSAGES.idNumberCheck),
  loan_amount: yuanAmountSchema,
  term_months: z.coerce.number({ error: HOUSE_MESSAGES.termInvalid }).refine(isHouseTerm, HOUSE_MESSAGES.termInvalid),
  bank: trimmed(HOUSE_MESSAGES.bankRequired, 50),
  product: z.enum(['mortgage', 'card']).default('mortgage'),
  channel_id: optionalIdSchema,
  referrer_id: optionalIdSchema,
  remark: optionalText(200),
});
export type HouseClientForm = z.input<typeof houseClientFormSchema>;

export const houseChannelFormSchema = z.object({
  name: trimmed(HOUSE_MESSAGES.channelNameRequired, 50),
  contact: trimmed(HOUSE_MESSAGES.contactRequired, 30),
  phone: phoneSchema,
  remark: optionalText(200),
});

export const houseRecommendFormSchema = z.object({
  name: trimmed(HOUSE_MESSAGES.nameRequired, 30, HOUSE_MESSAGES.nameTooLong),
  phone: phoneSchema,
  channel_id: optionalIdSchema,
  intent_amount: blankAsEmpty(z.string().trim())
    .refine((t) => !isAmountTooLarge(t), M.amountTooLarge)
    .refine((t) => t === '' || isAmountTooLarge(t) || loanAmountToFen(t) !== null, HOUSE_MESSAGES.amountFormat)
    .transform((t) => (t === '' ? 0 : (loanAmountToFen(t) ?? 0))),
  remark: optionalText(200),
});

export const houseBrokerageUserFormSchema = z.object({
  name: trimmed(HOUSE_MESSAGES.receiverNameRequired, 30, HOUSE_MESSAGES.nameTooLong),
  phone: phoneSchema,
  bank_name: trimmed(HOUSE_MESSAGES.bankNameRequired, 50),
  bank_card: z
    .string({ error: M.bankCardFormat })
    .transform(cleanCardNumber)
    .pipe(z.string().regex(/^\d{16,19}$/, M.bankCardFormat)),
  channel_id: optionalIdSchema,
});

/** Comma-separated positive integers ("3,5") as multipart sends a list. */
const idListSchema = (message: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(',')).map((s) => s.trim()).filter((s) => s !== ''),
    )
    .refine((items) => items.every((s) => /^\d{1,9}$/.test(s) && Number(s) > 0), message)
    .transform((items) => items.map(Number));

/** setHouseBrokerage: rate as a percent string (exact), receivers and optional shares (equal by default). */
export const setBrokerageFormSchema = z
  .object({
    id: idSchema,
    rate: z
      .string({ error: HOUSE_MESSAGES.rateFormat })
      .refine((t) => {
        const bp = percentToBp(t);
        return bp !== null && bp > 0 && bp <= MAX_RATE_BP;
      }, HOUSE_MESSAGES.rateFormat)
      .transform((t) => percentToBp(t) ?? 0),
    user_ids: idListSchema(HOUSE_MESSAGES.receiversRequired).refine(
      (ids) => ids.length >= 1 && ids.length <= MAX_SPLIT_PARTS && new Set(ids).size === ids.length,
      HOUSE_MESSAGES.receiversRequired,
    ),
    shares: z.preprocess(
      (v) => (v == null || v === '' || v === 'null' ? [] : v),
      idListSchema(HOUSE_MESSAGES.sharesInvalid),
    ),
  })
  .refine((v) => v.shares.length === 0 || v.shares.length === v.user_ids.length, {
    message: HOUSE_MESSAGES.sharesInvalid,
    path: ['shares'],
  })
  .transform((v) => ({ ...v, shares: v.shares.length === 0 ? v.user_ids.map(() => 1) : v.shares }));
