import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { PactService } from './pact.service.ts';
import * as E from '@crm/domain/endpoints/pact';

/** GET financePact (spec §7): a case's financing agreement, decision 051. */
export async function pactRoutes(root: FastifyInstance, { pact }: { pact: PactService }) {
  servePrincipals(root, ['staff']);
  const { get } = staffRoutes(root, ['pact']);
  get(E.financePact, (me, q) => pact.financePact(me, q.id));
}
