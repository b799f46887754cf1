import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Principal } from '../modules/auth/principal.ts';
import type { KeyScope } from '../modules/idempotency/idempotency.repository.ts';
import type { IdempotencyService } from '../modules/idempotency/idempotency.service.ts';
import { hookRoutes } from './route-hooks.ts';
import { currentPrincipal } from './session.ts';

/**
 * The create calls that honour an `Idempotency-Key` header (decision 046): a form submitted again after a
 * network failure makes its record once. Listed here, like the public routes, so the route files stay as
 * they are; idempotency.routes.test.ts fails on an entry no route matches.
 */
export const IDEMPOTENT_ROUTES: readonly { method: 'POST'; url: string; why: string }[] = [
  { method: 'POST', url: '/api/crm/addClient', why: '新增报单' },
  { method: 'POST', url: '/api/crm/addAppeal', why: '提交申诉' },
  { method: 'POST', url: '/api/crm/mortgageUser', why: '新增跟进' },
  { method: 'POST', url: '/api/crm/addHouseClient', why: '新增房贷客户' },
  { method: 'POST', url: '/api/crm/addHouseChannel', why: '新增房贷渠道' },
  { method: 'POST', url: '/api/crm/addHouseRecommend', why: '新增房贷推荐' },
  { method: 'POST', url: '/api/crm/updateOutsideClient', why: '合作伙伴报备客户' },
];

const IDEMPOTENT = new Set(IDEMPOTENT_ROUTES.map((route) => `${route.method} ${route.url}`));

export const IDEMPOTENCY_HEADER = 'idempotency-key';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request reserved, so its answer is stored (or the key released) when it is sent. */
    idempotencyScope: KeyScope | null;
  }
}

/** Keys are the caller's own: one principal's key never replays another's answer. */
function principalName(principal: Principal): string {
  switch (principal.kind) {
    case 'staff':
      return `staff:${principal.staff.id}`;
    case 'partner':
      return `partner:${principal.partnerId}`;
    case 'channel':
      return `channel:${principal.channelAgentId}`;
    case 'visitor':
      return `visitor:${principal.openid}`;
  }
}

/**
 * Runs after validation (a refused form reserves nothing) and after the session guard. The first request
 * with a key reserves it and runs; its answer is stored as it is sent, a failure gives the key back.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance, { idempotency }: { idempotency: IdempotencyService }) => {
    app.decorateRequest('idempotencyScope', null);

    // Only on the routes that take a key: every other request passes without these hooks.
    hookRoutes(app, IDEMPOTENT, {
      preHandler: async (request, reply) => {
        const { url } = request.routeOptions;
        if (url === undefined) return;
        const key = idempotency.parseKey(request.headers[IDEMPOTENCY_HEADER]);
        if (key === undefined) return;
        const principal = currentPrincipal(request);
        const scope = { corpId: principal.corpId, principal: principalName(principal), route: url, key };
        const begun = await idempotency.begin(scope, request.body);
        if (!begun.run) {
          return reply
            .status(begun.status)
            .header('idempotent-replayed', 'true')
            .type('application/json; charset=utf-8')
            .send(begun.body);
        }
        request.idempotencyScope = scope;
      },
    });

    // App-wide, so it runs before compression (app.ts) and keeps the answer's JSON text; a callback hook, so
    // the requests without a key pass without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      const scope = request.idempotencyScope;
      if (!scope) return done(null, payload);
      request.idempotencyScope = null;
      idempotency
        .finish(scope, reply.statusCode, typeof payload === 'string' ? payload : '')
        .catch((error: unknown) => {
          // The record may stand while its answer was not kept: a retry then waits (409) until the sweep,
          // which is safer than making the record twice.
          request.log.error({ err: error }, 'idempotency answer not stored');
        })
        .then(() => done(null, payload), done);
    });
  },
);
