import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userinfoRequestSchema, userinfoResponseSchema } from '@crm/domain/api/auth';
import { envelopeSchema } from '@crm/domain/api/envelope';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import type { HomeService } from './home.service.ts';

export async function homeRoutes(root: FastifyInstance, { home }: { home: HomeService }) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  servePrincipals(app, ['staff']);

  app.post(
    '/api/crm/userinfo',
    {
      schema: {
        tags: ['home'],
        summary: '当前用户信息与首页角标',
        body: userinfoRequestSchema,
        response: { 200: envelopeSchema(userinfoResponseSchema) },
      },
    },
    async (request) => ({ code: 0, msg: 'ok', data: await home.userinfo(currentStaff(request), request.body.id) }),
  );
}
