import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { clientListRequestSchema, pendingRequestSchema, statusOptionSchema, treeSchema } from '@crm/domain/api/cases';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { CasesService } from './cases.service.ts';
import * as E from '@crm/domain/endpoints/cases';

/** The reference-data calls read nothing from the request; whatever a client sends passes, unread. */
const noInput = z.unknown();

/** The instalment-case calls of spec §7 (issue 3). Every one needs a staff session; the service checks roles. */
export async function casesRoutes(root: FastifyInstance, { cases }: { cases: CasesService }) {
  servePrincipals(root, ['staff']);
  const { post, get } = staffRoutes(root, ['cases']);

  // ---- reference data ------------------------------------------------------------------------------
  post(E.channel, (me) => cases.channels(me));
  post(E.source, (me) => cases.sources(me));
  post(E.bank, (me) => cases.banks(me));
  post(E.product, (me, q) => cases.products(me, typeof q?.bank_id === 'number' ? q.bank_id : null));
  post(E.productMatch, (me, profile) => cases.productMatch(me, profile));
  post(E.allInCostCap, (me) => cases.allInCostCap(me));
  get(E.city, () => cases.cities());
  get('/common/status', '报单状态', noInput, z.array(statusOptionSchema), async () => cases.statuses());
  get('/common/bankTree', '银行与支行', noInput, treeSchema, (me) => cases.bankTree(me));
  get('/common/channelTree', '渠道树', noInput, treeSchema, (me) => cases.channelTree(me));
  get(E.signUser, (me) => cases.signUsers(me));

  // ---- cases ---------------------------------------------------------------------------------------
  post(E.addClient, (me, form) => cases.addClient(me, form, form.outside_client_id), {
    msg: '报单已提交',
  });
  post(E.clientList, (me, q) => cases.clientList(me, q ?? clientListRequestSchema.parse({})));
  get(E.detail, (me, q) => cases.detail(me, q.id));
  // Decision 058: a non-owner's tap on a masked number, written to the view log before it answers.
  post(E.revealClient, (me, q) => cases.revealClient(me, q));
  get(E.viewLog, (me, q) => cases.viewLog(me, q));
  post(E.updateClient, (me, form) => cases.updateClient(me, form.id, form), { msg: '报单已保存' });
  post(E.delClient, (me, q) => cases.delClient(me, q.id), {
    msg: '报单已删除',
  });
  post(E.updateClientStatus, (me, form) => cases.updateClientStatus(me, form), { msg: '状态已更新' });
  post(E.updateClientReject, (me, form) => cases.updateClientReject(me, form.id, form), { msg: '已重新提交' });

  // ---- follow-ups ----------------------------------------------------------------------------------
  post(E.pending, (me, q) => cases.pending(me, q ?? pendingRequestSchema.parse({})));
  get(E.pendingDetail, (me, q) => cases.pendingDetail(me, q.id));
  post(E.mortgageUser, (me, form) => cases.addFollowUp(me, form), {
    msg: '跟进已保存',
  });

  // ---- customer service ----------------------------------------------------------------------------
  get(E.service, (me, q) => cases.service(me, q));
  post(E.serviceTransfer, (me, form) => cases.serviceTransfer(me, form), { msg: '已转交' });

  // ---- appeals -------------------------------------------------------------------------------------
  post(E.addAppeal, (me, form) => cases.addAppeal(me, form), {
    msg: '申诉已提交',
  });
  get(E.appeal, (me, q) => cases.appeals(me, q));
  get(E.teamAppeal, (me, q) => cases.teamAppeals(me, q));
  post(E.auditAppeal, (me, form) => cases.auditAppeal(me, form), {
    msg: '申诉已处理',
  });

  // ---- statistics ----------------------------------------------------------------------------------
  get(E.statistic, (me, q) => cases.statistic(me, q.scope));
  get(E.statUserlist, (me) => cases.statUserlist(me));
  get(E.teamData, (me) => cases.teamData(me));
  get(E.funnel, (me, q) => cases.funnel(me, q.scope));
}
