import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Reads } from '../db/replicas.ts';
import { lsnValue } from '../db/replicas.ts';
import { requestContext } from '../ops/request-context.ts';

/** The primary's WAL position after the browser's last write (decision 077). */
export const WROTE_AT_COOKIE = 'crm_wrote_at';
/**
 * How long the mark is kept. A replica further behind than this is broken, not lagging (the replica lag alert
 * in docs/deploy.md fires long before); past it the user may read from a replica that lacks his write.
 */
export const WROTE_AT_MAX_AGE_S = 15 * 60;

/**
 * Decision 077: each request is given a replica to read its lists and dashboards from, in turn; a request that
 * carries the mark of its user's last write is given one only if that replica has replayed it (else the
 * primary). A request that wrote leaves the mark: the primary's WAL position once its transaction committed.
 * Nothing of this runs without replicas.
 */
export const readReplicasPlugin = fp(
  async (app: FastifyInstance, { reads, secure }: { reads: Reads; secure: boolean }) => {
    if (reads.replicaCount === 0) return;

    app.addHook('preHandler', async (request) => {
      const context = requestContext.getStore();
      if (!context) return;
      const mark = request.cookies[WROTE_AT_COOKIE];
      context.readFrom = await reads.replicaAt(mark && lsnValue(mark) !== null ? mark : null);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!requestContext.getStore()?.wrote) return payload;
      // The answer leaves after the handler's transaction committed: the primary's position now is past it.
      const lsn = await reads.primaryLsn().catch(() => null);
      if (lsn)
        void reply.setCookie(WROTE_AT_COOKIE, lsn, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure,
          maxAge: WROTE_AT_MAX_AGE_S,
        });
      return payload;
    });
  },
);
