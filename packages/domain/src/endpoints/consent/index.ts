import {
  consentCaseSchema,
  consentCodeSentSchema,
  consentConfirmRequestSchema,
  consentRequestedSchema,
  consentStatusSchema,
  consentTokenSchema,
  consentUploadRequestSchema,
  consentViewSchema,
  consentWithdrawRequestSchema,
} from '../../api/consent.ts';
import { endpoint, nullSchema } from '../index.ts';

/*
 * The client's consent to the processing of their personal financial information (decision 073): the staff
 * calls by case, and the client's own calls by the link's token (public, like the e-sign signer's).
 */

export const consentStatus = endpoint({
  path: '/api/crm/consentStatus',
  summary: '报单的个人信息授权状态',
  request: consentCaseSchema,
  response: consentStatusSchema,
});

export const consentRequest = endpoint({
  path: '/api/crm/consentRequest',
  summary: '生成个人信息授权链接（客户短信验证码确认）',
  request: consentCaseSchema,
  response: consentRequestedSchema,
});

export const consentUpload = endpoint({
  path: '/api/crm/consentUpload',
  summary: '上传客户签字的纸质授权书照片',
  request: consentUploadRequestSchema,
  response: consentStatusSchema,
});

export const consentWithdraw = endpoint({
  path: '/api/crm/consentWithdraw',
  summary: '记录客户撤回个人信息授权',
  request: consentWithdrawRequestSchema,
  response: nullSchema,
});

export const consentView = endpoint({
  path: '/api/consent/view',
  summary: '客户打开授权链接：授权书全文',
  request: consentTokenSchema,
  response: consentViewSchema,
});

export const consentCode = endpoint({
  path: '/api/consent/code',
  summary: '向报单登记的手机发送授权验证码',
  request: consentTokenSchema,
  response: consentCodeSentSchema,
});

export const consentConfirm = endpoint({
  path: '/api/consent/confirm',
  summary: '客户以短信验证码确认授权',
  request: consentConfirmRequestSchema,
  response: nullSchema,
});
