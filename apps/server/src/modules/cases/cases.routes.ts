import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
  idQuerySchema,
  namedSchema,
  pageRequestSchema,
  pendingDetailSchema,
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
} from '@crm/domain/api/cases';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import type { CasesService } from './cases.service.ts';

const ok = <T>(data: T) => ({ code: 0, msg: 'ok', data });

/** The instalment-case calls of spec §7 (issue 3). Every one needs a staff session; the service checks roles. */
export async function casesRoutes(root: FastifyInstance, { cases }: { cases: CasesService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['cases'];

  // ---- reference data ------------------------------------------------------------------------------
  app.post(
    '/api/crm/channel',
    { schema: { tags, summary: '渠道列表', response: { 200: envelopeSchema(z.array(treeNodeSchema)) } } },
    async (request) => ok(await cases.channels(currentStaff(request))),
  );
  app.post(
    '/api/crm/source',
    { schema: { tags, summary: '来源列表', response: { 200: envelopeSchema(z.array(namedSchema)) } } },
    async (request) => ok(await cases.sources(currentStaff(request))),
  );
  app.post(
    '/api/crm/bank',
    { schema: { tags, summary: '银行列表', response: { 200: envelopeSchema(z.array(namedSchema)) } } },
    async (request) => ok(await cases.banks(currentStaff(request))),
  );
  app.post(
    '/api/crm/product',
    {
      schema: {
        tags,
        summary: '产品列表（可按银行）',
        body: productRequestSchema.optional(),
        response: { 200: envelopeSchema(z.array(productSchema)) },
      },
    },
    async (request) =>
      ok(
        await cases.products(
          currentStaff(request),
          typeof request.body?.bank_id === 'number' ? request.body.bank_id : null,
        ),
      ),
  );
  app.get(
    '/api/crm/city',
    { schema: { tags, summary: '省市', response: { 200: envelopeSchema(z.array(treeNodeSchema)) } } },
    async () => ok(await cases.cities()),
  );
  app.get(
    '/common/status',
    { schema: { tags, summary: '报单状态', response: { 200: envelopeSchema(z.array(statusOptionSchema)) } } },
    async () => ok(cases.statuses()),
  );
  app.get(
    '/common/bankTree',
    { schema: { tags, summary: '银行与支行', response: { 200: envelopeSchema(treeSchema) } } },
    async (request) => ok(await cases.bankTree(currentStaff(request))),
  );
  app.get(
    '/common/channelTree',
    { schema: { tags, summary: '渠道树', response: { 200: envelopeSchema(treeSchema) } } },
    async (request) => ok(await cases.channelTree(currentStaff(request))),
  );
  app.get(
    '/common/signUser',
    { schema: { tags, summary: '可指派的签约人', response: { 200: envelopeSchema(z.array(namedSchema)) } } },
    async (request) => ok(await cases.signUsers(currentStaff(request))),
  );

  // ---- cases ---------------------------------------------------------------------------------------
  app.post(
    '/api/crm/addClient',
    {
      schema: {
        tags,
        summary: '新增报单',
        body: addClientRequestSchema,
        response: { 200: envelopeSchema(savedIdSchema) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '报单已提交',
      data: await cases.addClient(currentStaff(request), request.body, request.body.outside_client_id),
    }),
  );
  app.post(
    '/api/crm/clientList',
    {
      schema: {
        tags,
        summary: '我的报单（游标分页）',
        body: clientListRequestSchema.optional(),
        response: { 200: envelopeSchema(clientListResponseSchema) },
      },
    },
    async (request) =>
      ok(await cases.clientList(currentStaff(request), request.body ?? clientListRequestSchema.parse({}))),
  );
  app.get(
    '/api/crm/detail',
    {
      schema: {
        tags,
        summary: '报单详情与时间线',
        querystring: idQuerySchema,
        response: { 200: envelopeSchema(caseDetailSchema) },
      },
    },
    async (request) => ok(await cases.detail(currentStaff(request), request.query.id)),
  );
  app.post(
    '/api/crm/updateClient',
    {
      schema: {
        tags,
        summary: '修改报单',
        body: updateClientRequestSchema,
        response: { 200: envelopeSchema(savedIdSchema) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '报单已保存',
      data: await cases.updateClient(currentStaff(request), request.body.id, request.body),
    }),
  );
  app.post(
    '/api/crm/delClient',
    {
      schema: {
        tags,
        summary: '删除报单（签约开始前）',
        body: idQuerySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '报单已删除',
      data: await cases.delClient(currentStaff(request), request.body.id),
    }),
  );
  app.post(
    '/api/crm/updateClientStatus',
    {
      schema: {
        tags,
        summary: '变更报单状态（状态表）',
        body: updateClientStatusRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '状态已更新',
      data: await cases.updateClientStatus(currentStaff(request), request.body),
    }),
  );
  app.post(
    '/api/crm/updateClientReject',
    {
      schema: {
        tags,
        summary: '签约驳回修改后重新提交',
        body: updateClientRequestSchema,
        response: { 200: envelopeSchema(savedIdSchema) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '已重新提交',
      data: await cases.updateClientReject(currentStaff(request), request.body.id, request.body),
    }),
  );

  // ---- follow-ups ----------------------------------------------------------------------------------
  app.post(
    '/api/crm/pending',
    {
      schema: {
        tags,
        summary: '待跟进',
        body: pendingRequestSchema.optional(),
        response: { 200: envelopeSchema(pendingResponseSchema) },
      },
    },
    async (request) => ok(await cases.pending(currentStaff(request), request.body ?? pendingRequestSchema.parse({}))),
  );
  app.get(
    '/api/crm/pendingDetail',
    {
      schema: {
        tags,
        summary: '报单的跟进记录',
        querystring: idQuerySchema,
        response: { 200: envelopeSchema(pendingDetailSchema) },
      },
    },
    async (request) => ok(await cases.pendingDetail(currentStaff(request), request.query.id)),
  );
  app.post(
    '/api/crm/mortgageUser',
    {
      schema: { tags, summary: '新增跟进', body: followUpFormSchema, response: { 200: envelopeSchema(savedIdSchema) } },
    },
    async (request) => ({
      code: 0,
      msg: '跟进已保存',
      data: await cases.addFollowUp(currentStaff(request), request.body),
    }),
  );

  // ---- customer service ----------------------------------------------------------------------------
  app.get(
    '/api/crm/service',
    {
      schema: {
        tags,
        summary: '客服协助列表',
        querystring: serviceRequestSchema,
        response: { 200: envelopeSchema(serviceResponseSchema) },
      },
    },
    async (request) => ok(await cases.service(currentStaff(request), request.query)),
  );
  app.post(
    '/api/crm/serviceTransfer',
    {
      schema: {
        tags,
        summary: '转交报单',
        body: serviceTransferRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '已转交',
      data: await cases.serviceTransfer(currentStaff(request), request.body),
    }),
  );

  // ---- appeals -------------------------------------------------------------------------------------
  app.post(
    '/api/crm/addAppeal',
    {
      schema: {
        tags,
        summary: '提交申诉',
        body: addAppealRequestSchema,
        response: { 200: envelopeSchema(savedIdSchema) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '申诉已提交',
      data: await cases.addAppeal(currentStaff(request), request.body),
    }),
  );
  app.get(
    '/api/crm/appeal',
    {
      schema: {
        tags,
        summary: '我的申诉',
        querystring: appealListRequestSchema,
        response: { 200: envelopeSchema(appealListResponseSchema) },
      },
    },
    async (request) => ok(await cases.appeals(currentStaff(request), request.query)),
  );
  app.get(
    '/api/crm/teamAppeal',
    {
      schema: {
        tags,
        summary: '团队申诉（团队长）',
        querystring: appealListRequestSchema,
        response: { 200: envelopeSchema(appealListResponseSchema) },
      },
    },
    async (request) => ok(await cases.teamAppeals(currentStaff(request), request.query)),
  );
  app.post(
    '/api/crm/auditAppeal',
    {
      schema: {
        tags,
        summary: '审核申诉',
        body: auditAppealRequestSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => ({
      code: 0,
      msg: '申诉已处理',
      data: await cases.auditAppeal(currentStaff(request), request.body),
    }),
  );

  // ---- statistics ----------------------------------------------------------------------------------
  app.get(
    '/api/crm/statistic',
    {
      schema: {
        tags,
        summary: '统计',
        querystring: statisticRequestSchema,
        response: { 200: envelopeSchema(statisticSchema) },
      },
    },
    async (request) => ok(await cases.statistic(currentStaff(request), request.query.scope)),
  );
  app.get(
    '/api/crm/statUserlist',
    {
      schema: {
        tags,
        summary: '团队成员统计',
        querystring: pageRequestSchema.partial(),
        response: { 200: envelopeSchema(statUserlistSchema) },
      },
    },
    async (request) => ok(await cases.statUserlist(currentStaff(request))),
  );
  app.get(
    '/api/crm/teamData',
    { schema: { tags, summary: '团队数据', response: { 200: envelopeSchema(teamDataSchema) } } },
    async (request) => ok(await cases.teamData(currentStaff(request))),
  );
}
