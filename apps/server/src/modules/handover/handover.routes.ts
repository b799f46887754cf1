import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as E from '@crm/domain/endpoints/handover';
import { currentStaff, servePrincipals } from '../../plugins/session.ts';
import { staffRoutes } from '../../plugins/staff-routes.ts';
import { XLSX_CONTENT_TYPE } from '../adminio/index.ts';
import type { HandoverService } from './handover.service.ts';

/** The back office's handover (decision 066): staff sessions only; the service asks the company-admin grant. */
export async function handoverRoutes(root: FastifyInstance, { handover }: { handover: HandoverService }) {
  servePrincipals(root, ['staff']);
  const tags = ['admin'];
  const { post } = staffRoutes(root, tags);
  post(E.handover, (me, form) => handover.handover(me, form), { msg: '已交接' });
  post(E.handoverResult, (me, q) => handover.result(me, q.id));
  // The report answers the file itself, not the envelope; a refusal is still the envelope.
  root
    .withTypeProvider<ZodTypeProvider>()
    .get(
      E.handoverReport.path,
      { schema: { tags, summary: E.handoverReport.summary, querystring: E.handoverReport.request } },
      async (request, reply) => {
        const file = await handover.report(currentStaff(request), request.query.id);
        return reply
          .type(XLSX_CONTENT_TYPE)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.bytes);
      },
    );
}
