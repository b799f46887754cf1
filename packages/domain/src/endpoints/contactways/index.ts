import {
  contactWayCreateSchema,
  contactWayIdSchema,
  contactWayListSchema,
  contactWayMembersSchema,
  contactWaySchema,
  contactWaySimulatedSchema,
  contactWayStatsSchema,
} from '../../api/contactways.ts';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* 渠道活码 (issue 50 point 1, decision 083): a member's own QRs, or (company admins) the company's. */

export const contactWays = endpoint({
  path: '/api/contactWays',
  summary: '渠道活码：我的（管理员：本公司的）企业微信「联系我」二维码',
  request: noFieldsSchema,
  response: contactWayListSchema,
});

export const contactWayMembers = endpoint({
  path: '/api/contactWays/members',
  summary: '渠道活码：可以使用二维码的成员（管理员）',
  request: noFieldsSchema,
  response: contactWayMembersSchema,
});

export const contactWayCreate = endpoint({
  path: '/api/contactWays/create',
  summary: '渠道活码：为渠道、活动或合作伙伴新建一个二维码（企业微信 add_contact_way）',
  request: contactWayCreateSchema,
  response: contactWaySchema,
});

export const contactWayDisable = endpoint({
  path: '/api/contactWays/disable',
  summary: '渠道活码：停用一个二维码（企业微信 del_contact_way）',
  request: contactWayIdSchema,
  response: nullSchema,
});

export const contactWayStats = endpoint({
  path: '/api/contactWays/stats',
  summary: '渠道活码：按来源统计客户数与成案数（管理员）',
  request: noFieldsSchema,
  response: contactWayStatsSchema,
});

export const contactWaySimulate = endpoint({
  path: '/api/contactWays/simulate',
  summary: '渠道活码：模拟一位客户扫码添加（仅离线演示）',
  request: contactWayIdSchema,
  response: contactWaySimulatedSchema,
});
