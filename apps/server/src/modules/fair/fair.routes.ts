import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fairCheckinRequestSchema, fairCheckinSchema, fairSigninSchema } from '@crm/domain/api/fair';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { FairService } from './fair.service.ts';

/**
 * /business/signin's calls (not in spec §7; decision 051): today's fairs with their rosters, and the
 * caller's check-in, whose answer says whether it was the first of the day.
 */
export async function fairRoutes(root: FastifyInstance, { fair }: { fair: FairService }) {
  servePrincipals(root, ['staff']);
  const { get, postSaid } = staffRoutes(root, ['fair']);
  get('/api/crm/fairSignin', '今天举办的展会与签到名单', z.object({}), fairSigninSchema, (me) => fair.signin(me));
  postSaid(
    '/api/crm/fairCheckin',
    '展会签到（每人每展会每天一次）',
    fairCheckinRequestSchema,
    fairCheckinSchema,
    (me, q) => fair.checkin(me, q.fair_id),
  );
}
