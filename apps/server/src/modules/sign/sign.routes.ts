import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { SignService } from './sign.service.ts';
import * as E from '@crm/domain/endpoints/sign';

/** The signing centre: GET sign, POST taskList, wxWorkApprove (spec §7) and decision 031's task actions. */
export async function signRoutes(root: FastifyInstance, { sign }: { sign: SignService }) {
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['sign']);

  get(E.sign, (me, q) => sign.detail(me, q.id));
  post(E.revealTaskPhone, (me, q) => sign.revealPhone(me, q.id));
  post(E.taskList, (me, q) => sign.list(me, q));
  post(E.takeTask, (me, q) => sign.take(me, q.id));
  post(E.updateTask, (me, q) => sign.update(me, q));
  post(E.auditSignReject, (me, q) => sign.auditReject(me, q));
  post(E.wxWorkApprove, (me, q) => sign.wxWorkApprove(me, q.id));
}
