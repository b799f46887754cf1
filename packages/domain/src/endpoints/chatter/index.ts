import { z } from 'zod';
import {
  addFilingRequestSchema,
  addWorkListRequestSchema,
  authFilingFieldsSchema,
  contactRequestSchema,
  filingIdRequestSchema,
  filingSchema,
  getFilingSchema,
  getIntegralRequestSchema,
  historyRequestSchema,
  historySchema,
  initWxWorkConfigRequestSchema,
  integralSchema,
  oaTestSchema,
  qrcodeSchema,
  sendPointRequestSchema,
  sendPointSchema,
  userlistRequestSchema,
  userlistSchema,
  workItemSchema,
  workListSchema,
  wxWorkConfigSchema,
} from '../../api/chatter.ts';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The assistant's conversation calls. */

export const workList = endpoint({
  path: '/common/wxwork/workList',
  summary: '工作台应用',
  request: noFieldsSchema,
  response: workListSchema,
});

export const addWorkList = endpoint({
  path: '/common/wxwork/addWorkList',
  summary: '添加工作台应用',
  request: addWorkListRequestSchema,
  response: workItemSchema,
});

export const test = endpoint({
  path: '/api/oa/test',
  summary: '企业微信应用连通测试',
  request: noFieldsSchema,
  response: oaTestSchema,
});

/* The chat sidebar's wallet and points tool (/chattergee, decision 055). */

export const initWxWorkConfig = endpoint({
  path: '/api/chattergee/initWxWorkConfig',
  summary: '企业微信 JS-SDK 的两个签名（config 与 agentConfig）',
  request: initWxWorkConfigRequestSchema,
  response: wxWorkConfigSchema,
});

export const userlist = endpoint({
  path: '/api/chattergee/userlist',
  summary: '我建档的客户',
  request: userlistRequestSchema,
  response: userlistSchema,
});

export const pointList = endpoint({
  path: '/api/chattergee/pointList',
  summary: '客户钱包收到的积分',
  request: historyRequestSchema,
  response: historySchema,
});

export const getIntegral = endpoint({
  path: '/api/chattergee/getIntegral',
  summary: '我的积分与客户钱包余额',
  request: getIntegralRequestSchema,
  response: integralSchema,
});

export const getFiling = endpoint({
  path: '/api/chattergee/getFiling',
  summary: '外部联系人的客户档案',
  request: contactRequestSchema,
  response: getFilingSchema,
});

export const addFiling = endpoint({
  path: '/api/chattergee/addFiling',
  summary: '为外部联系人建档',
  request: addFilingRequestSchema,
  response: filingSchema,
});

export const openPurse = endpoint({
  path: '/api/chattergee/openPurse',
  summary: '开通客户钱包',
  request: filingIdRequestSchema,
  response: filingSchema,
});

export const sendPoint = endpoint({
  path: '/api/chattergee/sendPoint',
  summary: '向客户赠送积分',
  request: sendPointRequestSchema,
  response: sendPointSchema,
});

export const sendQrcode = endpoint({
  path: '/api/chattergee/sendQrcode',
  summary: '客户钱包二维码',
  request: contactRequestSchema,
  response: qrcodeSchema,
});

/** Multipart: `file` (the ID card photo) arrives as a Buffer, its bytes checked by the OCR service. */
export const authFiling = endpoint({
  path: '/api/chattergee/authFiling',
  summary: '客户实名认证（姓名、身份证号与身份证照片识别）',
  request: authFilingFieldsSchema.extend({ file: z.unknown().optional() }),
  response: filingSchema,
});
