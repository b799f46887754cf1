import { and, eq, isNull, lt } from 'drizzle-orm';
import { columnsOf } from '../../db/rows-where.ts';
import type { Db } from '../../db/client.ts';
import { idempotencyKeys } from '../../db/schema/idempotency.ts';

/** What names one submit: the company, who made it, the call and the browser's key. */
export type KeyScope = { corpId: number; principal: string; route: string; key: string };

const scoped = (s: KeyScope) =>
  and(
    eq(idempotencyKeys.corpId, s.corpId),
    eq(idempotencyKeys.principal, s.principal),
    eq(idempotencyKeys.route, s.route),
    eq(idempotencyKeys.key, s.key),
  );

export function createIdempotencyRepository(db: Db) {
  return {
    /**
     * Reserves the key: true when this request inserted it and so is the one to run. One statement, so of
     * a burst exactly one wins, whichever driver (the primary key decides).
     */
    async reserve(scope: KeyScope, bodyHash: string, at: Date): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ ...scope, bodyHash, createdAt: at })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    /**
     * Takes over a reservation whose request has not answered since `staleBefore` (its process died), for
     * the same content. One statement, so of a burst of retries exactly one takes it.
     */
    async takeOver(scope: KeyScope, bodyHash: string, at: Date, staleBefore: Date): Promise<boolean> {
      const rows = await db
        .update(idempotencyKeys)
        .set({ createdAt: at })
        .where(
          and(
            scoped(scope),
            eq(idempotencyKeys.bodyHash, bodyHash),
            isNull(idempotencyKeys.responseStatus),
            lt(idempotencyKeys.createdAt, staleBefore),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(scope: KeyScope) {
      const [row] = await db
        .select(columnsOf(idempotencyKeys, ['bodyHash', 'responseStatus', 'responseBody']))
        .from(idempotencyKeys)
        .where(scoped(scope))
        .limit(1);
      return row;
    },

    /** Stores the answer of the request that reserved the key (only a reservation still open is filled). */
    async complete(scope: KeyScope, status: number, body: string) {
      await db
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body })
        .where(and(scoped(scope), isNull(idempotencyKeys.responseStatus)));
    },

    /** Gives the key back (the request made nothing), so a retry with it runs afresh. */
    async release(scope: KeyScope) {
      await db.delete(idempotencyKeys).where(and(scoped(scope), isNull(idempotencyKeys.responseStatus)));
    },

    async deleteOlderThan(before: Date): Promise<number> {
      const gone = await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, before))
        .returning({ key: idempotencyKeys.key });
      return gone.length;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;
