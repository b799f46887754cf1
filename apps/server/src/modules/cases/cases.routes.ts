import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
  revealClientRequestSchema,
  revealClientResponseSchema,
  pendingRequestSchema,
  pendingResponseSchema,
  productRequestSchema,
  productSchema,
  savedIdSchema,
  serviceRequestSchema,
  serviceResponseSchema,
  serviceTransferRequestSchema,
  statisticRequestSchema,
  statisticSchema,
  statusOptionSchema,
  statUserlistSchema,
  teamDataSchema,
  treeNodeSchema,
  treeSchema,
  updateClientRequestSchema,
  updateClientStatusRequestSchema,
  viewLogResponseSchema,
} from '@crm/domain/api/cases';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { CasesService } from './cases.service.ts';

/** The reference-data calls read nothing from the request; whatever a client sends passes, unread. */
const noInput = z.unknown();

/** The instalment-case calls of spec §7 (issue 3). Every one needs a staff session; the service checks roles. */
export async function casesRoutes(root: FastifyInstance, { cases }: { cases: CasesService }) {
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['cases']);

  // ---- reference data ------------------------------------------------------------------------------
  post('/api/crm/channel', '渠道列表', noInput, z.array(treeNodeSchema), (me) => cases.channels(me));
  post('/api/crm/source', '来源列表', noInput, z.array(namedSchema), (me) => cases.sources(me));
  post('/api/crm/bank', '银行列表', noInput, z.array(namedSchema), (me) => cases.banks(me));
  post('/api/crm/product', '产品列表（可按银行）', productRequestSchema.optional(), z.array(productSchema), (me, q) =>
    cases.products(me, typeof q?.bank_id === 'number' ? q.bank_id : null),
  );
  get('/api/crm/city', '省市', noInput, z.array(treeNodeSchema), () => cases.cities());
  get('/common/status', '报单状态', noInput, z.array(statusOptionSchema), async () => cases.statuses());
  get('/common/bankTree', '银行与支行', noInput, treeSchema, (me) => cases.bankTree(me));
  get('/common/channelTree', '渠道树', noInput, treeSchema, (me) => cases.channelTree(me));
  get('/common/signUser', '可指派的签约人', noInput, z.array(namedSchema), (me) => cases.signUsers(me));

  // ---- cases ---------------------------------------------------------------------------------------
  post(
    '/api/crm/addClient',
    '新增报单',
    addClientRequestSchema,
    savedIdSchema,
    (me, form) => cases.addClient(me, form, form.outside_client_id),
    {
      msg: '报单已提交',
    },
  );
  post(
    '/api/crm/clientList',
    '我的报单（游标分页）',
    clientListRequestSchema.optional(),
    clientListResponseSchema,
    (me, q) => cases.clientList(me, q ?? clientListRequestSchema.parse({})),
  );
  get('/api/crm/detail', '报单详情与时间线', idQuerySchema, caseDetailSchema, (me, q) => cases.detail(me, q.id));
  // Decision 058: a non-owner's tap on a masked number, written to the view log before it answers.
  post(
    '/api/crm/revealClient',
    '查看完整号码（记录查看日志）',
    revealClientRequestSchema,
    revealClientResponseSchema,
    (me, q) => cases.revealClient(me, q),
  );
  get('/api/crm/viewLog', '敏感信息查看日志（团队长）', pageRequestSchema, viewLogResponseSchema, (me, q) =>
    cases.viewLog(me, q),
  );
  post(
    '/api/crm/updateClient',
    '修改报单',
    updateClientRequestSchema,
    savedIdSchema,
    (me, form) => cases.updateClient(me, form.id, form),
    { msg: '报单已保存' },
  );
  post('/api/crm/delClient', '删除报单（签约开始前）', idQuerySchema, z.null(), (me, q) => cases.delClient(me, q.id), {
    msg: '报单已删除',
  });
  post(
    '/api/crm/updateClientStatus',
    '变更报单状态（状态表）',
    updateClientStatusRequestSchema,
    z.null(),
    (me, form) => cases.updateClientStatus(me, form),
    { msg: '状态已更新' },
  );
  post(
    '/api/crm/updateClientReject',
    '签约驳回修改后重新提交',
    updateClientRequestSchema,
    savedIdSchema,
    (me, form) => cases.updateClientReject(me, form.id, form),
    { msg: '已重新提交' },
  );

  // ---- follow-ups ----------------------------------------------------------------------------------
  post('/api/crm/pending', '待跟进', pendingRequestSchema.optional(), pendingResponseSchema, (me, q) =>
    cases.pending(me, q ?? pendingRequestSchema.parse({})),
  );
  get('/api/crm/pendingDetail', '报单的跟进记录', idQuerySchema, pendingDetailSchema, (me, q) =>
    cases.pendingDetail(me, q.id),
  );
  post(
    '/api/crm/mortgageUser',
    '新增跟进',
    followUpFormSchema,
    savedIdSchema,
    (me, form) => cases.addFollowUp(me, form),
    {
      msg: '跟进已保存',
    },
  );

  // ---- customer service ----------------------------------------------------------------------------
  get('/api/crm/service', '客服协助列表', serviceRequestSchema, serviceResponseSchema, (me, q) => cases.service(me, q));
  post(
    '/api/crm/serviceTransfer',
    '转交报单',
    serviceTransferRequestSchema,
    z.null(),
    (me, form) => cases.serviceTransfer(me, form),
    { msg: '已转交' },
  );

  // ---- appeals -------------------------------------------------------------------------------------
  post(
    '/api/crm/addAppeal',
    '提交申诉',
    addAppealRequestSchema,
    savedIdSchema,
    (me, form) => cases.addAppeal(me, form),
    {
      msg: '申诉已提交',
    },
  );
  get('/api/crm/appeal', '我的申诉', appealListRequestSchema, appealListResponseSchema, (me, q) =>
    cases.appeals(me, q),
  );
  get('/api/crm/teamAppeal', '团队申诉（团队长）', appealListRequestSchema, appealListResponseSchema, (me, q) =>
    cases.teamAppeals(me, q),
  );
  post(
    '/api/crm/auditAppeal',
    '审核申诉',
    auditAppealRequestSchema,
    z.null(),
    (me, form) => cases.auditAppeal(me, form),
    {
      msg: '申诉已处理',
    },
  );

  // ---- statistics ----------------------------------------------------------------------------------
  get('/api/crm/statistic', '统计', statisticRequestSchema, statisticSchema, (me, q) => cases.statistic(me, q.scope));
  get('/api/crm/statUserlist', '团队成员统计', pageRequestSchema.partial(), statUserlistSchema, (me) =>
    cases.statUserlist(me),
  );
  get('/api/crm/teamData', '团队数据', noInput, teamDataSchema, (me) => cases.teamData(me));
  get(
    '/api/crm/funnel',
    '业绩漏斗、各状态停留中位数、通过率（团队长看团队）',
    funnelRequestSchema,
    funnelSchema,
    (me, q) => cases.funnel(me, q.scope),
  );
}
