import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as E from '@crm/domain/endpoints/ownership';
import { poolRequestSchema } from '@crm/domain/api/ownership';
import { ForbiddenError } from '../../errors.ts';
import { currentPrincipal, servePrincipals } from '../../plugins/session.ts';
import { answeringNull, callerRoutes, staffRoutes } from '../../plugins/staff-routes.ts';
import type { Checker, OwnershipService } from './ownership.service.ts';
import { OWNERSHIP_TEXTS as T } from './ownership.texts.ts';

/** A duplicate check's caller: a staff member, a partner or a channel agent; a visitor never. */
function currentChecker(request: FastifyRequest): Checker {
  const p = currentPrincipal(request);
  if (p.kind === 'staff') return { kind: 'staff', corpId: p.corpId, staff: p.staff };
  if (p.kind === 'partner') return { kind: 'partner', corpId: p.corpId, id: p.partnerId };
  if (p.kind === 'channel') return { kind: 'agent', corpId: p.corpId, id: p.channelAgentId };
  throw new ForbiddenError(T.visitorNo);
}

/** Customer ownership's calls (decision 066): the check before intake, the pool, bulk reassignment. */
export async function ownershipRoutes(root: FastifyInstance, { ownership }: { ownership: OwnershipService }) {
  servePrincipals(root, ['staff']);
  const { post } = staffRoutes(root, ['ownership']);
  const checker = callerRoutes(root, ['ownership'], currentChecker);
  checker.post(E.duplicateCheck, (caller, form) => ownership.duplicateCheck(caller, form), {
    config: { principals: ['staff', 'partner', 'channel'] },
  });
  post(E.pool, (me, q) => ownership.pool(me, q ?? poolRequestSchema.parse({})));
  post(E.poolClaim, (me, q) => ownership.poolClaim(me, q.id), { msg: '已领取' });
  post(
    E.poolRelease,
    answeringNull((me, q: { id: number; reason: string }) => ownership.poolRelease(me, q)),
    {
      msg: '已退回公海',
    },
  );
  post(E.reassign, (me, q) => ownership.reassign(me, q), { msg: '已转移' });
  post(E.reassignTargets, (me) => ownership.reassignTargets(me));
  post(E.mergeClients, (me, q) => ownership.mergeClients(me, q), { msg: '已合并' });
}
