import type { FastifyInstance } from 'fastify';
import { userinfoRequestSchema, userinfoResponseSchema } from '@crm/domain/api/auth';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { HomeService } from './home.service.ts';

export async function homeRoutes(root: FastifyInstance, { home }: { home: HomeService }) {
  servePrincipals(root, ['staff']);
  const { post } = staffRoutes(root, ['home']);

  post('/api/crm/userinfo', '当前用户信息与首页角标', userinfoRequestSchema, userinfoResponseSchema, (me, q) =>
    home.userinfo(me, q.id),
  );
}
