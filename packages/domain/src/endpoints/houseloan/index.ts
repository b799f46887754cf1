import {
  bestDetailQuerySchema,
  bestDetailSchema,
  bestListQuerySchema,
  bestListSchema,
  houseloanAddRequestSchema,
  houseloanAgentSchema,
  houseloanAllotRequestSchema,
  houseloanBrokerageSchema,
  houseloanBankListSchema,
  houseloanContactSchema,
  houseloanDetailSchema,
  houseloanIdSchema,
  houseloanListRequestSchema,
  houseloanLoginRequestSchema,
  houseloanReferralPageSchema,
  houseloanSignSchema,
  houseloanStatusOptionsSchema,
  houseloanWaiterSchema,
} from '../../api/houseloan.ts';
import { savedIdSchema } from '../../api/cases.ts';
import { pageRequestSchema } from '../../api/page.ts';
import { z } from 'zod';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The home-loan channel portal: its agents' calls, the public ranking, and the staff side of the channel. */

export const bestList = endpoint({
  path: '/api/houseloan/bestList',
  summary: '本月渠道排行（公开）',
  request: bestListQuerySchema,
  response: bestListSchema,
});

export const bestDetail = endpoint({
  path: '/api/houseloan/bestDetail',
  summary: '渠道排行详情（公开）',
  request: bestDetailQuerySchema,
  response: bestDetailSchema,
});

export const login = endpoint({
  path: '/api/houseloan/login',
  summary: '渠道经纪人登录（短信验证码）',
  request: houseloanLoginRequestSchema,
  response: houseloanAgentSchema,
});

/** The consent photo, multipart: `file` arrives as a Buffer, checked by the server's route. */
export const authPhoto = endpoint({
  path: '/api/houseloan/authPhoto',
  summary: '上传客户授权书照片',
  request: houseloanIdSchema.extend({ file: z.unknown().optional() }),
  response: z.object({ id: z.number().int() }),
});

export const account = endpoint({
  path: '/api/houseloan/account',
  summary: '我的渠道经纪人账号',
  request: noFieldsSchema,
  response: houseloanAgentSchema,
});

export const add = endpoint({
  path: '/api/houseloan/add',
  summary: '渠道报单（房贷客户）',
  request: houseloanAddRequestSchema,
  response: savedIdSchema,
});

export const list = endpoint({
  path: '/api/houseloan/list',
  summary: '我的报单',
  request: houseloanListRequestSchema,
  response: houseloanReferralPageSchema,
});

export const detail = endpoint({
  path: '/api/houseloan/detail',
  summary: '报单详情（状态、管家、签约与返佣）',
  request: houseloanIdSchema,
  response: houseloanDetailSchema,
});

export const brokerage = endpoint({
  path: '/api/houseloan/brokerage',
  summary: '我的返佣（已付、待付）',
  request: pageRequestSchema,
  response: houseloanBrokerageSchema,
});

export const sign = endpoint({
  path: '/api/houseloan/sign',
  summary: '客户的签约预约',
  request: pageRequestSchema,
  response: houseloanSignSchema,
});

export const bank = endpoint({
  path: '/api/houseloan/bank',
  summary: '可选银行',
  request: noFieldsSchema,
  response: houseloanBankListSchema,
});

export const service = endpoint({
  path: '/api/houseloan/service',
  summary: '渠道的专属客户经理',
  request: noFieldsSchema,
  response: houseloanContactSchema,
});

export const waiter = endpoint({
  path: '/api/houseloan/waiter',
  summary: '报单的房贷管家',
  request: houseloanIdSchema,
  response: houseloanWaiterSchema,
});

export const status = endpoint({
  path: '/api/houseloan/status',
  summary: '报单状态选项',
  request: noFieldsSchema,
  response: houseloanStatusOptionsSchema,
});

export const allot = endpoint({
  path: '/api/houseloan/allot',
  summary: '房贷管家接单（财务组长可指定管家）',
  request: houseloanAllotRequestSchema,
  response: savedIdSchema,
});
