import { z } from 'zod';
import { isValidIdNumber } from '../idcard/index.ts';
import { PHONE_PATTERN } from '../validation/formats.ts';
import { rowIdSchema, wholeNumberSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { writtenFields } from './rows.ts';

/*
 * The WeCom chat sidebar tool (/chattergee, "a wallet tool", issue 16, decision 055): spec §7's
 * POST /api/chattergee/ initWxWorkConfig, addFiling, getFiling, getIntegral, sendPoint, sendQrcode, userlist,
 * plus authFiling (real-name auth) and openPurse (open the wallet), which the spec's screens need and its
 * call list leaves out; and the workbench's GET /common/wxwork/workList, POST /common/wxwork/addWorkList.
 */

export const CHATTER_MESSAGES = {
  urlRequired: '页面地址无效',
  contactRequired: '外部联系人无效',
  nameRequired: '请输入客户姓名',
  nameTooLong: '客户姓名过长',
  mobileFormat: '手机号格式不正确',
  remarkTooLong: '备注过长',
  filingRequired: '客户档案无效',
  realNameRequired: '请输入身份证上的姓名',
  idNumberInvalid: '身份证号码不正确',
  amountInvalid: '积分须为 1 到 1000000 的整数',
  reasonRequired: '请填写赠送原因',
  reasonTooLong: '赠送原因过长',
  keyInvalid: '请求标识格式不正确，请刷新页面后重新提交',
  titleRequired: '请输入名称',
  workUrlInvalid: '请输入以 https:// 或 / 开头的链接',
} as const;
const M = CHATTER_MESSAGES;

/** The most points one send may move (a typo guard, not a business limit). */
export const MAX_POINTS_PER_SEND = 1_000_000;

/** An external_userid as WeCom issues them: letters, digits, _ and -, at most 64. */
export const externalUseridSchema = z
  .string({ error: M.contactRequired })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, M.contactRequired);

export const initWxWorkConfigRequestSchema = z.object({
  url: z
    .string({ error: M.urlRequired })
    .trim()
    .max(2048, M.urlRequired)
    .regex(/^https?:\/\//, M.urlRequired),
});

const signatureSchema = z.object({ timestamp: z.number().int(), nonceStr: z.string(), signature: z.string() });
export const wxWorkConfigSchema = z.object({
  corpId: z.string(),
  agentId: z.string(),
  /** wx.config: the company jsapi_ticket's signature. */
  config: signatureSchema,
  /** wx.agentConfig: the app's (agent_config) ticket's signature. */
  agentConfig: signatureSchema,
  /** The offline WeCom adapter: the page may use its demo contacts instead of the real JS-SDK. */
  demo: z.boolean(),
  /** In demo mode only: the fake WeCom's external contacts, so a plain browser can act as a chat. */
  demo_contacts: z.array(z.object({ external_userid: z.string(), name: z.string() })),
});
export type WxWorkConfig = z.infer<typeof wxWorkConfigSchema>;

export const contactRequestSchema = z.object({ external_userid: externalUseridSchema });

export const addFilingRequestSchema = z.object({
  external_userid: externalUseridSchema,
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(32, M.nameTooLong),
  mobile: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE_PATTERN.test(v), M.mobileFormat)
    .default(''),
  remark: z.string().trim().max(200, M.remarkTooLong).default(''),
});

export const filingIdRequestSchema = z.object({ id: rowIdSchema(M.filingRequired) });

export const authFilingFieldsSchema = z.object({
  id: rowIdSchema(M.filingRequired),
  real_name: z.string({ error: M.realNameRequired }).trim().min(1, M.realNameRequired).max(32, M.realNameRequired),
  id_number: z
    .string({ error: M.idNumberInvalid })
    .trim()
    .toUpperCase()
    .refine((v) => isValidIdNumber(v), M.idNumberInvalid),
});

export const walletSchema = z.object({
  account_id: z.number().int(),
  balance: z.number().int(),
  /** What the wallet's QR code links to. */
  link: z.string(),
});

export const filingSchema = z.object({
  id: z.number().int(),
  external_userid: z.string(),
  name: z.string(),
  mobile: z.string(),
  remark: z.string(),
  /** Where the customer came from (渠道活码, decision 083): 渠道 · 地推-人民广场; '' when not through a QR. */
  source: z.string(),
  staff_name: z.string(),
  /** Real-name auth: the name on the ID card, and the ID number masked. */
  real_name: z.string().nullable(),
  id_number_masked: z.string().nullable(),
  authed_at: z.string().nullable(),
  wallet: walletSchema.nullable(),
  created_at: z.string(),
});
export type Filing = z.infer<typeof filingSchema>;

/** getFiling: the contact as WeCom names it and its file (null until filed). */
export const getFilingSchema = z.object({
  external_userid: z.string(),
  contact_name: z.string(),
  filing: filingSchema.nullable(),
});
export type GetFiling = z.infer<typeof getFilingSchema>;

export const getIntegralRequestSchema = z.object({ external_userid: externalUseridSchema.optional() });
export const integralSchema = z.object({
  /** The caller's own points. */
  mine: z.number().int(),
  /** The contact's wallet balance; null without a contact, a file or an open wallet. */
  customer: z.number().int().nullable(),
});
export type Integral = z.infer<typeof integralSchema>;

export const sendPointRequestSchema = z.object({
  external_userid: externalUseridSchema,
  amount: wholeNumberSchema(1, MAX_POINTS_PER_SEND, M.amountInvalid),
  reason: z.string({ error: M.reasonRequired }).trim().min(1, M.reasonRequired).max(100, M.reasonTooLong),
  /** The sender's idempotency key for this send: a retry with the same key moves nothing twice. */
  idempotency_key: z.string({ error: M.keyInvalid }).regex(/^[A-Za-z0-9_-]{8,64}$/, M.keyInvalid),
});

/** The card the page sends into the chat (ww.sendChatMessage, msgtype news), built by the server after the commit. */
export const chatCardSchema = z.object({
  title: z.string(),
  desc: z.string(),
  link: z.string(),
  imgUrl: z.string(),
});
export type ChatCard = z.infer<typeof chatCardSchema>;

export const sendPointSchema = z.object({
  transfer_id: z.number().int(),
  amount: z.number().int(),
  mine: z.number().int(),
  customer: z.number().int(),
  /** True when this key had already sent: nothing moved this time. */
  replayed: z.boolean(),
  card: chatCardSchema,
});
export type SendPoint = z.infer<typeof sendPointSchema>;

export const qrcodeSchema = z.object({
  link: z.string(),
  /** A PNG of the QR code, as a data: URL. */
  png: z.string(),
  card: chatCardSchema,
});
export type Qrcode = z.infer<typeof qrcodeSchema>;

export const userlistRequestSchema = pageRequestSchema;
export const userlistRowSchema = z.object({
  id: z.number().int(),
  external_userid: z.string(),
  name: z.string(),
  authed: z.boolean(),
  balance: z.number().int().nullable(),
  created_at: z.string(),
});
export type UserlistRow = z.infer<typeof userlistRowSchema>;
export const userlistSchema = pageSchema(userlistRowSchema);

export const historyRequestSchema = pageRequestSchema.extend({ id: rowIdSchema(M.filingRequired) });
export const historyRowSchema = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  reason: z.string(),
  ...writtenFields,
});
export type HistoryRow = z.infer<typeof historyRowSchema>;
export const historySchema = pageSchema(historyRowSchema);

export const workItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  sort: z.number().int(),
});
export type WorkItem = z.infer<typeof workItemSchema>;
export const workListSchema = z.object({ list: z.array(workItemSchema) });
export const addWorkListRequestSchema = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(20, M.titleRequired),
  url: z
    .string({ error: M.workUrlInvalid })
    .trim()
    .max(512, M.workUrlInvalid)
    .regex(/^(https:\/\/|\/(?!\/))/, M.workUrlInvalid),
  sort: z.coerce.number().int().min(0).max(999).default(0),
});

export const oaTestSchema = z.object({
  /** Which WeCom adapter answers: the real one, or the offline demo. */
  adapter: z.enum(['wecom', 'demo']),
  corp_id: z.string(),
  agent_id: z.string(),
  /** Whether the app ticket could be fetched (the access token and the app's secret work). */
  ok: z.boolean(),
  msg: z.string(),
});
