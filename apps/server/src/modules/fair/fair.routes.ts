import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { FairService } from './fair.service.ts';
import * as E from '@crm/domain/endpoints/fair';

/**
 * /business/signin's calls (not in spec §7; decision 051): today's fairs with their rosters, and the
 * caller's check-in, whose answer says whether it was the first of the day.
 */
export async function fairRoutes(root: FastifyInstance, { fair }: { fair: FairService }) {
  servePrincipals(root, ['staff']);
  const { get, postSaid } = staffRoutes(root, ['fair']);
  get(E.fairSignin, (me) => fair.signin(me));
  postSaid(E.fairCheckin, (me, q) => fair.checkin(me, q.fair_id));
}
