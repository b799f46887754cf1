import type { FastifyInstance } from 'fastify';
import * as R from '@crm/domain/endpoints/robots';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { RobotsService } from './robots.service.ts';
import { ROBOT_TEXTS as T } from './robots.texts.ts';

/** The back office's group robots (issue 50 point 4, decision 076): company admins; the service asks the grant. */
export async function robotsRoutes(root: FastifyInstance, { robots }: { robots: RobotsService }) {
  const { get, post } = staffRoutes(root, ['admin']);
  get(R.robots, (me) => robots.list(me));
  post(R.robotSave, (me, form) => robots.save(me, form), { msg: T.saved });
  post(R.robotDelete, (me, q) => robots.remove(me, q.id), { msg: T.deleted });
  post(R.robotTest, (me, q) => robots.test(me, q.id), { msg: T.tested });
}
