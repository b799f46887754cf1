import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { HomeService } from './home.service.ts';
import * as E from '@crm/domain/endpoints/home';

export async function homeRoutes(root: FastifyInstance, { home }: { home: HomeService }) {
  servePrincipals(root, ['staff']);
  const { post } = staffRoutes(root, ['home']);

  post(E.userinfo, (me, q) => home.userinfo(me, q.id));
}
