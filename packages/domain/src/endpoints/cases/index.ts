import {
  addAppealRequestSchema,
  addClientRequestSchema,
  appealListRequestSchema,
  appealListResponseSchema,
  auditAppealRequestSchema,
  caseDetailSchema,
  clientListRequestSchema,
  clientListResponseSchema,
  followUpFormSchema,
  funnelRequestSchema,
  funnelSchema,
  idQuerySchema,
  namedSchema,
  pageRequestSchema,
  pendingDetailSchema,
  pendingRequestSchema,
  pendingResponseSchema,
  productRequestSchema,
  caseProductSchema,
  revealClientRequestSchema,
  revealClientResponseSchema,
  savedIdSchema,
  serviceRequestSchema,
  serviceResponseSchema,
  serviceTransferRequestSchema,
  statUserlistSchema,
  teamDataSchema,
  treeNodeSchema,
  statisticRequestSchema,
  statisticSchema,
  updateClientRequestSchema,
  updateClientStatusRequestSchema,
  viewLogResponseSchema,
} from '../../api/cases.ts';
import { allInCostCapSchema, productMatchRequestSchema, productMatchResponseSchema } from '../../api/matching.ts';
import { z } from 'zod';
import { endpoint, noFieldsSchema, nullSchema } from '../index.ts';

/* Instalment cases: intake, follow-up, appeals, service requests and the team's statistics (spec §7). */

const productRequest = productRequestSchema.optional();
const namedList = z.array(namedSchema);
const treeNodeList = z.array(treeNodeSchema);

// ---- the case form's reference lists: they read nothing from the request ----

export const channel = endpoint({
  path: '/api/crm/channel',
  summary: '渠道列表',
  request: noFieldsSchema,
  response: treeNodeList,
});

export const source = endpoint({
  path: '/api/crm/source',
  summary: '来源列表',
  request: noFieldsSchema,
  response: namedList,
});

export const bank = endpoint({
  path: '/api/crm/bank',
  summary: '银行列表',
  request: noFieldsSchema,
  response: namedList,
});

/** GET. */
export const signUser = endpoint({
  path: '/common/signUser',
  summary: '可指派的签约人',
  request: noFieldsSchema,
  response: namedList,
});
const productResponse = z.array(caseProductSchema);
const clientListRequest = clientListRequestSchema.optional();
const pendingRequest = pendingRequestSchema.optional();
const statUserlistRequest = pageRequestSchema.partial();

export const product = endpoint({
  path: '/api/crm/product',
  summary: '产品列表（可按银行）',
  request: productRequest,
  response: productResponse,
});

export const productMatch = endpoint({
  path: '/api/crm/productMatch',
  summary: '匹配产品：准入逐条判断、评分、月供与综合年化成本',
  request: productMatchRequestSchema,
  response: productMatchResponseSchema,
});

export const allInCostCap = endpoint({
  path: '/api/crm/allInCostCap',
  summary: '公司综合融资成本预警线（报单表单录入时提示）',
  request: noFieldsSchema,
  response: allInCostCapSchema,
});

/**
 * Every province and city (GET): the cities table is everyone's. The case form, 匹配产品 and the back office's
 * admission rules pick from it; a city is a row whose parent_id names its province.
 */
export const city = endpoint({
  path: '/api/crm/city',
  summary: '省市',
  request: noFieldsSchema,
  response: treeNodeList,
});

export const addClient = endpoint({
  path: '/api/crm/addClient',
  summary: '新增报单',
  request: addClientRequestSchema,
  response: savedIdSchema,
});

export const clientList = endpoint({
  path: '/api/crm/clientList',
  summary: '我的报单（游标分页）',
  request: clientListRequest,
  response: clientListResponseSchema,
});

export const detail = endpoint({
  path: '/api/crm/detail',
  summary: '报单详情与时间线',
  request: idQuerySchema,
  response: caseDetailSchema,
});

export const revealClient = endpoint({
  path: '/api/crm/revealClient',
  summary: '查看完整号码（记录查看日志）',
  request: revealClientRequestSchema,
  response: revealClientResponseSchema,
});

export const viewLog = endpoint({
  path: '/api/crm/viewLog',
  summary: '敏感信息查看日志（团队长）',
  request: pageRequestSchema,
  response: viewLogResponseSchema,
});

export const updateClient = endpoint({
  path: '/api/crm/updateClient',
  summary: '修改报单',
  request: updateClientRequestSchema,
  response: savedIdSchema,
});

export const delClient = endpoint({
  path: '/api/crm/delClient',
  summary: '删除报单（签约开始前）',
  request: idQuerySchema,
  response: nullSchema,
});

export const updateClientStatus = endpoint({
  path: '/api/crm/updateClientStatus',
  summary: '变更报单状态（状态表）',
  request: updateClientStatusRequestSchema,
  response: nullSchema,
});

export const updateClientReject = endpoint({
  path: '/api/crm/updateClientReject',
  summary: '签约驳回修改后重新提交',
  request: updateClientRequestSchema,
  response: savedIdSchema,
});

export const pending = endpoint({
  path: '/api/crm/pending',
  summary: '待跟进',
  request: pendingRequest,
  response: pendingResponseSchema,
});

export const pendingDetail = endpoint({
  path: '/api/crm/pendingDetail',
  summary: '报单的跟进记录',
  request: idQuerySchema,
  response: pendingDetailSchema,
});

export const mortgageUser = endpoint({
  path: '/api/crm/mortgageUser',
  summary: '新增跟进',
  request: followUpFormSchema,
  response: savedIdSchema,
});

export const service = endpoint({
  path: '/api/crm/service',
  summary: '客服协助列表',
  request: serviceRequestSchema,
  response: serviceResponseSchema,
});

export const serviceTransfer = endpoint({
  path: '/api/crm/serviceTransfer',
  summary: '转交报单',
  request: serviceTransferRequestSchema,
  response: nullSchema,
});

export const addAppeal = endpoint({
  path: '/api/crm/addAppeal',
  summary: '提交申诉',
  request: addAppealRequestSchema,
  response: savedIdSchema,
});

export const appeal = endpoint({
  path: '/api/crm/appeal',
  summary: '我的申诉',
  request: appealListRequestSchema,
  response: appealListResponseSchema,
});

export const teamAppeal = endpoint({
  path: '/api/crm/teamAppeal',
  summary: '团队申诉（团队长）',
  request: appealListRequestSchema,
  response: appealListResponseSchema,
});

export const auditAppeal = endpoint({
  path: '/api/crm/auditAppeal',
  summary: '审核申诉',
  request: auditAppealRequestSchema,
  response: nullSchema,
});

export const statistic = endpoint({
  path: '/api/crm/statistic',
  summary: '统计',
  request: statisticRequestSchema,
  response: statisticSchema,
});

export const statUserlist = endpoint({
  path: '/api/crm/statUserlist',
  summary: '团队成员统计',
  request: statUserlistRequest,
  response: statUserlistSchema,
});

export const teamData = endpoint({
  path: '/api/crm/teamData',
  summary: '团队数据',
  request: noFieldsSchema,
  response: teamDataSchema,
});

export const funnel = endpoint({
  path: '/api/crm/funnel',
  summary: '业绩漏斗、各状态停留中位数、通过率（团队长看团队）',
  request: funnelRequestSchema,
  response: funnelSchema,
});
