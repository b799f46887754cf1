import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as E from '@crm/domain/endpoints/ledger';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { callerRoutes } from '../../plugins/staff-routes.ts';
import { XLSX_CONTENT_TYPE } from '../adminio/index.ts';
import type { LedgerService } from './ledger.service.ts';

/**
 * The commission ledger's calls (issue 42, decision 067): one path for each principal with an account (an
 * outside partner, a channel agent) and for staff (finance); the service decides what each may see.
 */
export async function ledgerRoutes(root: FastifyInstance, { ledger }: { ledger: LedgerService }) {
  servePrincipals(root, ['staff', 'partner', 'channel']);
  const app = root.withTypeProvider<ZodTypeProvider>();
  const tags = ['ledger'];
  const { post } = callerRoutes(root, tags, currentPrincipal);

  // Finance's calls are staff-only before the service looks: a partner's or agent's session never reaches them.
  const financeOnly = { principals: ['staff' as const] };

  post(E.commissionLedger, (me, q) => ledger.ledger(me, q));
  post(E.commissionPay, (me, q) => ledger.payPartner(me, q), { config: financeOnly });
  post(E.clawbackList, (me, q) => ledger.clawbacks(me, q), { config: financeOnly });
  post(E.clawbackDecide, (me, q) => ledger.decideClawback(me, q), { config: financeOnly, msg: '已处理' });
  post(E.statementList, (me, q) => ledger.statements(me, q));
  post(E.statementDetail, (me, q) => ledger.statement(me, q.id));
  post(E.statementDispute, (me, q) => ledger.dispute(me, q), { msg: '已提交异议' });
  post(E.statementAnswer, (me, q) => ledger.answer(me, q), { config: financeOnly, msg: '已答复' });
  post(E.statementSend, (me, q) => ledger.send(me, q.id), { config: financeOnly });

  // The files answer the file itself, not the envelope; a refusal is still the envelope.
  for (const [contract, kind, type] of [
    [E.statementPdf, 'pdf', 'application/pdf'],
    [E.statementXlsx, 'xlsx', XLSX_CONTENT_TYPE],
  ] as const) {
    app.get(
      contract.path,
      { schema: { tags, summary: contract.summary, querystring: contract.request } },
      async (request, reply) => {
        const file = await ledger.statementFile(currentPrincipal(request), request.query.id, kind);
        return reply
          .type(type)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .send(file.bytes);
      },
    );
  }
}
