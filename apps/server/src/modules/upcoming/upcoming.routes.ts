import type { FastifyInstance } from 'fastify';
import { servePrincipals } from '../../plugins/session.ts';

/**
 * The calls of spec §7 whose features later issues build, by feature. Each answers HTTP 501 with the
 * envelope naming the feature, so a client sees "not built yet" rather than a 404 that looks like a
 * typo, and the route table stays complete. A feature's module deletes its entries when it lands.
 */
export type UpcomingFeatures = Record<string, { get?: string[]; post?: string[] }>;

/** Empty since the e-signing, sidebar and activity modules landed: every call of spec §7 is built. */
export const UPCOMING: UpcomingFeatures = {};

export async function upcomingRoutes(
  app: FastifyInstance,
  { features = UPCOMING }: { features?: UpcomingFeatures } = {},
) {
  // Behind a staff session until each feature's module says whom it serves; the login calls of the
  // partner, channel and visitor flows are public (plugins/public-routes.ts, decision 040).
  servePrincipals(app, ['staff']);
  for (const [feature, { get = [], post = [] }] of Object.entries(features)) {
    const answer = async (
      _request: unknown,
      reply: { status: (code: number) => { send: (body: unknown) => unknown } },
    ) => reply.status(501).send({ code: 501, msg: `功能建设中：${feature}`, data: null });
    for (const url of get) app.get(url, { schema: { hide: true } }, answer);
    for (const url of post) app.post(url, { schema: { hide: true } }, answer);
  }
}
