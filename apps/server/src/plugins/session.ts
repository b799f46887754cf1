import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError } from '../errors.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { AUTH_TEXTS } from '../modules/auth/auth.texts.ts';
import type { Principal, PrincipalKind } from '../modules/auth/principal.ts';
import type { StaffIdentity } from '../modules/staff/index.ts';
import { isPublicRoute } from './public-routes.ts';
import type { ReadCache } from './read-cache.ts';

export const SESSION_COOKIE = 'crm_session';

/** Whom a route serves when its module did not say: staff, the only kind every current module serves. */
const DEFAULT_PRINCIPALS: readonly PrincipalKind[] = ['staff'];

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the session guard on every non-public route; never read from the body. */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** The principal kinds a route serves; stamped by `servePrincipals` for a whole module. */
    principals?: readonly PrincipalKind[];
  }
  interface FastifyInstance {
    /** Every route registered after the session plugin, as the guard sees it (public-routes.test.ts). */
    routeTable: RouteEntry[];
    setSessionCookie: (reply: FastifyReply, token: string) => void;
    clearSessionCookie: (reply: FastifyReply) => void;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  isPublic: boolean;
  principals: readonly PrincipalKind[];
  /** The route's request schemas, so tests can tell which calls take a record id. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
}

export interface SessionPluginOptions {
  auth: AuthService;
  /** Keeps a session's principal between requests while nothing changed (decision 064). */
  cache: ReadCache;
  secure: boolean;
  ttlMs: number;
}

/**
 * One session mechanism for the four principal kinds, and authentication by default: every route
 * needs a session unless plugins/public-routes.ts lists it, and the session's principal must be of a
 * kind the route serves (401 without a session, 403 for another kind). Registered before any route,
 * so no module can be added unguarded.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, { auth, cache, secure, ttlMs }: SessionPluginOptions) => {
  app.decorateRequest('principal', null);

  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({
        method,
        url: route.url,
        isPublic: isPublicRoute(method, route.url),
        // Read when asked: a module's `servePrincipals` stamps the route after this (a child context's
        // onRoute hooks run after the root's).
        get principals() {
          return route.config?.principals ?? DEFAULT_PRINCIPALS;
        },
        schema: route.schema,
      });
    }
  });

  // A callback hook: a kept session (decision 064) is taken without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const { url, method, config } = request.routeOptions;
    // No route matched: the not-found handler answers (the SPA's deep links, the API's 404).
    if (url === undefined) return done();
    if (isPublicRoute(Array.isArray(method) ? String(method[0]) : method, url)) return done();
    const accept = (principal: Principal) => {
      if (!(config.principals ?? DEFAULT_PRINCIPALS).includes(principal.kind))
        return done(new ForbiddenError(AUTH_TEXTS.wrongPrincipal));
      request.principal = principal;
      done();
    };
    const token = request.cookies[SESSION_COOKIE];
    const kept = token === undefined ? undefined : cache.keptPrincipal(token);
    if (kept) return accept(kept);
    const resolving = token
      ? cache.principal(token, () => auth.resolveSession(token))
      : auth.resolveSession(token).then((found) => found.principal);
    resolving.then(accept, done);
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, token: string) => {
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: Math.floor(ttlMs / 1000),
    });
  });

  app.decorate('clearSessionCookie', (reply: FastifyReply) => {
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  });
});

/**
 * Declares, at the top of a module's plugin, the principal kinds its routes serve. Every route the
 * module registers afterwards is stamped with them (a route may still name its own in `config`).
 */
export function servePrincipals(app: FastifyInstance, kinds: readonly PrincipalKind[]) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, principals: route.config?.principals ?? kinds };
  });
}

/** The caller of a guarded route. */
export function currentPrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error('route is public: it has no principal');
  return request.principal;
}

/** The staff member calling a route of a module that serves staff. */
export function currentStaff(request: FastifyRequest): StaffIdentity {
  const principal = currentPrincipal(request);
  if (principal.kind !== 'staff') throw new ForbiddenError(AUTH_TEXTS.wrongPrincipal);
  return principal.staff;
}
