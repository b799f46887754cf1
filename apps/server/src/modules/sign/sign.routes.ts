import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { okResponseSchema } from '@crm/domain/api/house';
import {
  auditRejectRequestSchema,
  signDetailSchema,
  signIdRequestSchema,
  taskListRequestSchema,
  taskListSchema,
  updateTaskRequestSchema,
  wxWorkApproveResponseSchema,
} from '@crm/domain/api/sign';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import type { SignService } from './sign.service.ts';

/** The signing centre: GET sign, POST taskList, wxWorkApprove (spec §7) and decision 031's task actions. */
export async function signRoutes(root: FastifyInstance, { sign }: { sign: SignService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);
  const tags = ['sign'];
  const ok = <T>(data: T) => ({ code: 0, msg: 'ok', data });

  app.get(
    '/api/crm/sign',
    { schema: { tags, summary: '签约任务详情', querystring: signIdRequestSchema, response: { 200: envelopeSchema(signDetailSchema) } } },
    async (request) => ok(await sign.detail(currentStaff(request), request.query.id)),
  );
  app.post(
    '/api/crm/taskList',
    { schema: { tags, summary: '任务中心（flag 1）、我的任务（flag 2）、待审批拒签（flag 3）', body: taskListRequestSchema, response: { 200: envelopeSchema(taskListSchema) } } },
    async (request) => ok(await sign.list(currentStaff(request), request.body)),
  );
  app.post(
    '/api/crm/takeTask',
    { schema: { tags, summary: '领取签约任务（先到先得）', body: signIdRequestSchema, response: { 200: envelopeSchema(okResponseSchema) } } },
    async (request) => ok(await sign.take(currentStaff(request), request.body.id)),
  );
  app.post(
    '/api/crm/updateTask',
    { schema: { tags, summary: '登记签约结果', body: updateTaskRequestSchema, response: { 200: envelopeSchema(okResponseSchema) } } },
    async (request) => ok(await sign.update(currentStaff(request), request.body)),
  );
  app.post(
    '/api/crm/auditSignReject',
    { schema: { tags, summary: '拒签审批（拒签审批人）', body: auditRejectRequestSchema, response: { 200: envelopeSchema(okResponseSchema) } } },
    async (request) => ok(await sign.auditReject(currentStaff(request), request.body)),
  );
  app.post(
    '/api/crm/wxWorkApprove',
    { schema: { tags, summary: '拒签发起企业微信审批', body: signIdRequestSchema, response: { 200: envelopeSchema(wxWorkApproveResponseSchema) } } },
    async (request) => ok(await sign.wxWorkApprove(currentStaff(request), request.body.id)),
  );
}
