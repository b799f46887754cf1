import {
  addMoneyRequestSchema,
  addProofRequestSchema,
  getProofQuerySchema,
  moneyListRequestSchema,
  moneyListResponseSchema,
  moneyRecordSchema,
  moneyToConfirmListSchema,
  proofListResponseSchema,
  proofRejectListSchema,
  proofRejectQuerySchema,
  proofSchema,
  recordIdRequestSchema,
  rejectProofRequestSchema,
  updateProofRequestSchema,
  uploadImgFieldsSchema,
  uploadImgResponseSchema,
} from '../../api/money.ts';
import { pageRequestSchema } from '../../api/page.ts';
import { z } from 'zod';
import { endpoint } from '../index.ts';

/*
 * The repayment, proof and upload calls of spec §7 (money.ts holds their schemas). `proofReject` is two calls
 * on one path: the GET lists my rejections, the POST (decision 020) rejects a proof.
 */

export const moneyList = endpoint({
  path: '/api/crm/moneyList',
  summary: '案件的还款记录',
  request: moneyListRequestSchema,
  response: moneyListResponseSchema,
});

export const addMoney = endpoint({
  path: '/api/crm/addMoney',
  summary: '登记还款（幂等键防重复）',
  request: addMoneyRequestSchema,
  response: moneyRecordSchema,
});

export const moneyConfirm = endpoint({
  path: '/api/crm/moneyConfirm',
  summary: '确认还款（确认后不可修改）',
  request: recordIdRequestSchema,
  response: moneyRecordSchema,
});

export const moneyToConfirm = endpoint({
  path: '/api/crm/moneyToConfirm',
  summary: '组长待确认的还款（本组报单、他人登记）',
  request: pageRequestSchema,
  response: moneyToConfirmListSchema,
});

export const getProof = endpoint({
  path: '/api/crm/getProof',
  summary: '案件的凭证（含历史版本与驳回）',
  request: getProofQuerySchema,
  response: proofListResponseSchema,
});

export const proof = endpoint({
  path: '/api/crm/proof',
  summary: '上传凭证',
  request: addProofRequestSchema,
  response: proofSchema,
});

export const updateProof = endpoint({
  path: '/api/crm/updateProof',
  summary: '重新上传被驳回的凭证',
  request: updateProofRequestSchema,
  response: proofSchema,
});

export const proofReject = endpoint({
  path: '/api/crm/proofReject',
  summary: '我的凭证驳回',
  request: proofRejectQuerySchema,
  response: proofRejectListSchema,
});

export const rejectProof = endpoint({
  path: '/api/crm/proofReject',
  summary: '驳回凭证',
  request: rejectProofRequestSchema,
  response: proofSchema,
});

export const uploadImg = endpoint({
  path: '/api/ysb/uploadImg',
  summary: '上传图片（凭证图片，或身份证、银行卡识别）',
  // `file` arrives as a Buffer (multipart keyValues); its bytes are checked in the server's service.
  request: uploadImgFieldsSchema.extend({ file: z.unknown().optional() }),
  response: uploadImgResponseSchema,
});

/** A deletion: an id in, nothing out. */
const deletion = (path: string, summary: string) =>
  endpoint({ path, summary, request: recordIdRequestSchema, response: z.null() });

export const delMoney = deletion('/api/crm/delMoney', '删除未确认的还款');
export const delProof = deletion('/api/crm/delProof', '删除凭证');
export const delimg = deletion('/common/delimg', '删除未提交的图片');
