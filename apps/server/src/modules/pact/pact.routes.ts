import type { FastifyInstance } from 'fastify';
import { financePactRequestSchema, financePactSchema } from '@crm/domain/api/pact';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { PactService } from './pact.service.ts';

/** GET financePact (spec §7): a case's financing agreement, decision 051. */
export async function pactRoutes(root: FastifyInstance, { pact }: { pact: PactService }) {
  servePrincipals(root, ['staff']);
  const { get } = staffRoutes(root, ['pact']);
  get('/api/crm/financePact', '融资协议（审批通过后冻结）', financePactRequestSchema, financePactSchema, (me, q) =>
    pact.financePact(me, q.id),
  );
}
