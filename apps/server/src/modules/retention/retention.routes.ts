import type { FastifyInstance } from 'fastify';
import * as E from '@crm/domain/endpoints/retention';
import { servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import type { RetentionService } from './retention.service.ts';
import { RETENTION_TEXTS as T } from './retention.texts.ts';

/**
 * The data-subject request's calls (decision 071): staff sessions only; the service asks the company admin grant.
 * All are POSTs: each writes its audit line.
 */
export async function retentionRoutes(root: FastifyInstance, { retention }: { retention: RetentionService }) {
  servePrincipals(root, ['staff']);
  const { post, postSaid } = staffRoutes(root, ['admin']);
  post(E.subjectFind, (me, q) => retention.find(me, q.who));
  post(E.subjectExport, (me, q) => retention.export(me, q.who), { msg: T.exported });
  postSaid(E.subjectErase, (me, q) => retention.erase(me, q.who));
}
