import {
  esignAddRequestSchema,
  esignAddedSchema,
  esignEvidenceSchema,
  esignIdSchema,
  esignListRequestSchema,
  esignListSchema,
  esignOpenRequestSchema,
  esignOrderSchema,
  esignVerifyRequestSchema,
  esignVerifySchema,
} from '../../api/esign.ts';
import { endpoint, nullSchema } from '../index.ts';

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

export const verify = endpoint({
  path: '/api/esign/verify',
  summary: '验证 PDF 是否为已签署文件且证据链完整',
  request: esignVerifyRequestSchema,
  response: esignVerifySchema,
});
