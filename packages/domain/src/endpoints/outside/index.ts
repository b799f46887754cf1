import {
  inviteQrSchema,
  outsideAddChannelRequestSchema,
  outsideChannelAddRequestSchema,
  outsideLoginRequestSchema,
  outsideRegisterRequestSchema,
  outsideBankListSchema,
  outsideBranchBankQuerySchema,
  outsideChannelPageSchema,
  outsideClientListRequestSchema,
  outsideIdQuerySchema,
  outsideInviteQuerySchema,
  outsideInviteSchema,
  outsideProductListSchema,
  outsideUserSchema,
  partnerPageSchema,
  partnerRowSchema,
  referralDetailSchema,
  referralPageSchema,
  savedReferralSchema,
  updateOutsideClientRequestSchema,
  ysbAuditRequestSchema,
  ysbClientRequestSchema,
  ysbTeamSchema,
  ysbUserRequestSchema,
} from '../../api/outside.ts';
import { pageRequestSchema } from '../../api/page.ts';
import { z } from 'zod';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* The outside partners' portal: invitation, referrals, products, banks and the partner's team. */

export const outsideRegister = endpoint({
  path: '/api/crm/outsideRegister',
  summary: '合作伙伴注册（邀请码＋短信验证码）',
  request: outsideRegisterRequestSchema,
  response: outsideUserSchema,
});

export const outsideLogin = endpoint({
  path: '/api/crm/outsideLogin',
  summary: '合作伙伴登录（短信验证码）',
  request: outsideLoginRequestSchema,
  response: outsideUserSchema,
});

export const outsideInvite = endpoint({
  path: '/api/crm/outsideInvite',
  summary: '邀请链接的公司与邀请人（注册前）',
  request: outsideInviteQuerySchema,
  response: outsideInviteSchema,
});

export const getOutsideUser = endpoint({
  path: '/api/crm/getOutsideUser',
  summary: '我的合作伙伴账号',
  request: noFieldsSchema,
  response: outsideUserSchema,
});

export const getOutsideUserTeam = endpoint({
  path: '/api/crm/getOutsideUserTeam',
  summary: '我邀请的合作伙伴',
  request: pageRequestSchema,
  response: partnerPageSchema,
});

export const outsideClientList = endpoint({
  path: '/api/crm/outsideClientList',
  summary: '我的报备（scope=team：下级伙伴的）',
  request: outsideClientListRequestSchema,
  response: referralPageSchema,
});

export const outsideClientDetail = endpoint({
  path: '/api/crm/outsideClientDetail',
  summary: '报备详情',
  request: outsideIdQuerySchema,
  response: referralDetailSchema,
});

export const updateOutsideClient = endpoint({
  path: '/api/crm/updateOutsideClient',
  summary: '报备客户或修改保护期内的报备（幂等键防重复）',
  request: updateOutsideClientRequestSchema,
  response: savedReferralSchema,
});

export const outsideProduct = endpoint({
  path: '/api/crm/outsideProduct',
  summary: '可报备的产品',
  request: noFieldsSchema,
  response: outsideProductListSchema,
});

export const outsideBank = endpoint({
  path: '/api/crm/outsideBank',
  summary: '银行',
  request: noFieldsSchema,
  response: outsideBankListSchema,
});

export const outsideBranchBank = endpoint({
  path: '/api/crm/outsideBranchBank',
  summary: '银行的支行',
  request: outsideBranchBankQuerySchema,
  response: outsideBankListSchema,
});

export const outsideChannelList = endpoint({
  path: '/api/crm/outsideChannelList',
  summary: '我的渠道',
  request: pageRequestSchema,
  response: outsideChannelPageSchema,
});

export const outsideChannelAdd = endpoint({
  path: '/api/crm/outsideChannelAdd',
  summary: '新增或修改渠道',
  request: outsideChannelAddRequestSchema,
  response: z.object({ id: z.number().int() }),
});

export const outsideAddChannel = endpoint({
  path: '/api/crm/outsideAddChannel',
  summary: '把报备归入渠道',
  request: outsideAddChannelRequestSchema,
  response: nullSchema,
});

export const outsideDelChannel = endpoint({
  path: '/api/crm/outsideDelChannel',
  summary: '删除渠道',
  request: outsideIdQuerySchema,
  response: nullSchema,
});

export const ysbUser = endpoint({
  path: '/api/crm/ysbUser',
  summary: '我（或本团队）邀请的合作伙伴',
  request: ysbUserRequestSchema,
  response: partnerPageSchema,
});

export const ysbAudit = endpoint({
  path: '/api/crm/ysbAudit',
  summary: '审核合作伙伴（通过／不通过）',
  request: ysbAuditRequestSchema,
  response: partnerRowSchema,
});

export const ysbClient = endpoint({
  path: '/api/crm/ysbClient',
  summary: '合作伙伴的报备',
  request: ysbClientRequestSchema,
  response: referralPageSchema,
});

export const ysbOutsideClient = endpoint({
  path: '/api/crm/ysbOutsideClient',
  summary: '一条报备（员工查看、转为报单）',
  request: z.object({ id: outsideIdQuerySchema.shape.id }),
  response: referralDetailSchema,
});

export const revealReferral = endpoint({
  path: '/api/crm/revealReferral',
  summary: '查看报备客户完整号码（转为报单，记入操作日志）',
  request: z.object({
    id: outsideIdQuerySchema.shape.id,
    field: z.enum(['phone', 'id_number'], { error: '请选择要查看的信息' }),
  }),
  response: z.object({ value: z.string() }),
});

export const ysbTeam = endpoint({
  path: '/api/crm/ysbTeam',
  summary: '本团队成员的合作伙伴与报备',
  request: noFieldsSchema,
  response: ysbTeamSchema,
});

/** Registered by the outside routes themselves: staff and partners both call it (their own `both` config). */
export const ysbQrcode = endpoint({
  path: '/api/crm/ysbQrcode',
  summary: '邀请链接的二维码（PNG）',
  request: noFieldsSchema,
  response: inviteQrSchema,
});
