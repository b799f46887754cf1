import type { FastifyInstance } from 'fastify';
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
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { SignService } from './sign.service.ts';

/** The signing centre: GET sign, POST taskList, wxWorkApprove (spec §7) and decision 031's task actions. */
export async function signRoutes(root: FastifyInstance, { sign }: { sign: SignService }) {
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['sign']);

  get('/api/crm/sign', '签约任务详情', signIdRequestSchema, signDetailSchema, (me, q) => sign.detail(me, q.id));
  post(
    '/api/crm/taskList',
    '任务中心（flag 1）、我的任务（flag 2）、待审批拒签（flag 3）',
    taskListRequestSchema,
    taskListSchema,
    (me, q) => sign.list(me, q),
  );
  post('/api/crm/takeTask', '领取签约任务（先到先得）', signIdRequestSchema, okResponseSchema, (me, q) =>
    sign.take(me, q.id),
  );
  post('/api/crm/updateTask', '登记签约结果', updateTaskRequestSchema, okResponseSchema, (me, q) => sign.update(me, q));
  post('/api/crm/auditSignReject', '拒签审批（拒签审批人）', auditRejectRequestSchema, okResponseSchema, (me, q) =>
    sign.auditReject(me, q),
  );
  post('/api/crm/wxWorkApprove', '拒签发起企业微信审批', signIdRequestSchema, wxWorkApproveResponseSchema, (me, q) =>
    sign.wxWorkApprove(me, q.id),
  );
}
