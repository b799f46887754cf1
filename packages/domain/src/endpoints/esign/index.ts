import { z } from 'zod';
import {
  esignAddRequestSchema,
  esignAddedSchema,
  esignDownloadRequestSchema,
  esignEvidenceSchema,
  esignIdSchema,
  esignListRequestSchema,
  esignListSchema,
  esignOpenRequestSchema,
  esignOrderSchema,
  esignPageViewSchema,
  esignPublicVerifyRequestSchema,
  esignPublicVerifySchema,
  esignSignedSchema,
  esignSignerDocumentSchema,
  esignSignerFileSchema,
  esignSignerLoginSchema,
  esignSignerStartSchema,
  esignSignRequestSchema,
  esignTokenSchema,
  esignVerifyRequestSchema,
  esignVerifySchema,
} from '../../api/esign.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/**
 * The answer of a download: the PDF's bytes (application/pdf), not the `{code, msg, data}` envelope (a refusal
 * still answers the envelope). A browser reads them as a Blob, so no client parses them with this schema.
 */
export const pdfFileSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array);

/* E-signing: envelopes a staff member sends, and what a signer does with one. */

export const add = endpoint({
  path: '/api/esign/add',
  summary: '发起电子签署（生成文件与签署链接）',
  request: esignAddRequestSchema,
  response: esignAddedSchema,
});

export const list = endpoint({
  path: '/api/esign/list',
  summary: '我的签署单（客户列表）',
  request: esignListRequestSchema,
  response: esignListSchema,
});

export const order = endpoint({
  path: '/api/esign/order',
  summary: '签署单详情',
  request: esignIdSchema,
  response: esignOrderSchema,
});

export const evidence = endpoint({
  path: '/api/esign/evidence',
  summary: '签署证据链',
  request: esignIdSchema,
  response: esignEvidenceSchema,
});

export const open = endpoint({
  path: '/api/esign/open',
  summary: '银行卡授权（开卡）',
  request: esignOpenRequestSchema,
  response: nullSchema,
});

export const resend = endpoint({
  path: '/api/esign/resend',
  summary: '重新发送签署链接',
  request: esignIdSchema,
  response: esignAddedSchema,
});

export const cancel = endpoint({
  path: '/api/esign/cancel',
  summary: '撤销未签署的签署单',
  request: esignIdSchema,
  response: nullSchema,
});

export const download = endpoint({
  path: '/api/esign/download',
  summary: '下载原始文件、签署后文件或完成证书（PDF）',
  request: esignDownloadRequestSchema,
  response: pdfFileSchema,
});

export const verify = endpoint({
  path: '/api/esign/verify',
  summary: '验证 PDF 是否为已签署文件且证据链完整',
  request: esignVerifyRequestSchema,
  response: esignVerifySchema,
});

/* The signer's calls (decision 054): the link's token opens start, code and login; the signer's own cookie the rest. */

export const signerStart = endpoint({
  path: '/api/esign/signer/start',
  summary: '打开签署链接',
  request: esignTokenSchema,
  response: esignSignerStartSchema,
});

export const signerCode = endpoint({
  path: '/api/esign/signer/code',
  summary: '向签署单登记的手机发送验证码',
  request: esignTokenSchema,
  // The code itself only where SMS is simulated (development and tests).
  response: z.object({ verifyCode: z.string().optional() }),
});

export const signerLogin = endpoint({
  path: '/api/esign/signer/login',
  summary: '验证码与身份证号核验',
  request: esignSignerLoginSchema,
  response: nullSchema,
});

export const signerDocument = endpoint({
  path: '/api/esign/signer/document',
  summary: '待签署文件',
  request: noFieldsSchema,
  response: esignSignerDocumentSchema,
});

export const signerPage = endpoint({
  path: '/api/esign/signer/page',
  summary: '记录阅读页面',
  request: esignPageViewSchema,
  response: nullSchema,
});

export const signerSign = endpoint({
  path: '/api/esign/signer/sign',
  summary: '手写签名并签署',
  request: esignSignRequestSchema,
  response: esignSignedSchema,
});

export const signerDownload = endpoint({
  path: '/api/esign/signer/download',
  summary: '下载文件（PDF）',
  request: esignSignerFileSchema,
  response: pdfFileSchema,
});

/* The public verify page (issue 48): no login, a PDF's own bytes. */

export const publicVerify = endpoint({
  path: '/api/esign/public/verify',
  summary: '公开核验：上传 PDF，查看是否为本平台签署且未被改动',
  request: esignPublicVerifyRequestSchema,
  response: esignPublicVerifySchema,
});
