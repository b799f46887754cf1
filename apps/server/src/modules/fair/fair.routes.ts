import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { fairCheckinRequestSchema, fairCheckinSchema, fairSigninSchema } from '@crm/domain/api/fair';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { FairService } from './fair.service.ts';

/**
 * /business/signin's calls (not in spec §7; decision 051): today's fairs with their rosters, and the
 * caller's check-in, whose answer says whether it was the first of the day.
 */
export async function fairRoutes(root: FastifyInstance, { fair }: { fair: FairService }) {
  servePrincipals(root, ['staff']);
  const tags = ['fair'];
  const { get } = staffRoutes(root, tags);
  get('/api/crm/fairSignin', '今天举办的展会与签到名单', z.object({}), fairSigninSchema, (me) => fair.signin(me));
  root.route({
    method: 'POST',
    url: '/api/crm/fairCheckin',
    schema: {
      tags,
      summary: '展会签到（每人每展会每天一次）',
      body: fairCheckinRequestSchema,
      response: { 200: envelopeSchema(fairCheckinSchema) },
    },
    handler: async (request) => {
      const { fair_id } = request.body as z.output<typeof fairCheckinRequestSchema>;
      const { data, msg } = await fair.checkin(currentStaff(request), fair_id);
      return { code: 0, msg, data };
    },
  });
}
