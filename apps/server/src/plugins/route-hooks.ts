import type { FastifyInstance, RouteOptions } from 'fastify';

type HookName = 'preValidation' | 'preHandler' | 'preSerialization' | 'onSend';
type RouteHooks = { [name in HookName]?: NonNullable<RouteOptions[name]> };

/**
 * Adds hooks to the routes named `METHOD /url` in `routes` only (registered after this call): a hook that
 * serves a few routes costs the others nothing, where an app-wide hook runs (and, async, allocates) on every
 * request only to return.
 */
export function hookRoutes(app: FastifyInstance, routes: ReadonlySet<string>, hooks: RouteHooks) {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => routes.has(`${method} ${route.url}`))) return;
    for (const name of Object.keys(hooks) as HookName[]) {
      // A route option holds one hook or a list of them; the route's own hooks keep running first.
      const added = [hooks[name]].flat();
      const own = route[name] === undefined ? [] : [route[name]].flat();
      (route as Record<HookName, unknown>)[name] = [...own, ...added];
    }
  });
}
