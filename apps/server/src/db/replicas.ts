import { sql } from 'drizzle-orm';
import { requestContext } from '../ops/request-context.ts';
import type { Db } from './client.ts';

/*
 * Decision 077: lists, dashboards, exports and the funnel read from streaming replicas in turn; everything else,
 * and a user's reads until the replica has replayed his last write, from the primary. The mark of that write is
 * the primary's WAL position after it (a cookie, plugins/read-replicas.ts): a position in the one WAL stream every
 * replica replays, so any process compares it with any replica without sharing anything.
 */

/** A WAL position (`0/3000148`) as a number that orders like the WAL. */
export function lsnValue(lsn: string): bigint | null {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn);
  return match ? (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`) : null;
}

export interface Reads {
  /**
   * What lists, dashboards and the funnel read through: the replica the running request was given, else the
   * primary (outside a request, in a request that wrote, or with no replicas).
   */
  reader: Db;
  /** The executor `reader` stands for right now (a prepared statement is prepared on one of them). */
  current(): Db;
  replicaCount: number;
  /** The primary's WAL position now: after a commit, at or past that commit. Null without replicas. */
  primaryLsn(): Promise<string | null>;
  /**
   * The next replica in turn if it has replayed `lsn` (any, when null), else the primary. A replica that does
   * not answer counts as behind: the read goes to the primary.
   */
  replicaAt(lsn: string | null): Promise<Db>;
  /** A replica that has replayed every write committed before this call (an export's snapshot), else the primary. */
  caughtUp(): Promise<Db>;
}

/** With no replicas every read is the primary's, as before decision 077. */
export function primaryReads(primary: Db): Reads {
  return {
    reader: primary,
    current: () => primary,
    replicaCount: 0,
    primaryLsn: async () => null,
    replicaAt: async () => primary,
    caughtUp: async () => primary,
  };
}

export function replicaReads(primary: Db, replicas: readonly Db[]): Reads {
  if (replicas.length === 0) return primaryReads(primary);
  let turn = 0;
  // The highest replay position each replica was seen at: replay only moves on, so a mark at or below it needs
  // no question to the replica.
  const replayed: bigint[] = replicas.map(() => -1n);

  const current = (): Db => {
    const context = requestContext.getStore();
    return context?.readFrom && !context.wrote ? context.readFrom : primary;
  };
  // Every property is looked up on the executor of the moment, so a repository made once at start reads from
  // whichever the request it serves was given.
  const reader = new Proxy(primary, {
    get(_target, property) {
      const chosen = current();
      const value = Reflect.get(chosen, property, chosen) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(chosen) : value;
    },
  });

  const primaryLsn = async () => {
    const result = await primary.execute<{ lsn: string }>(sql`select pg_current_wal_lsn()::text as lsn`);
    return result.rows[0]?.lsn ?? null;
  };

  const replicaAt = async (lsn: string | null): Promise<Db> => {
    const index = turn;
    turn = (turn + 1) % replicas.length;
    const replica = replicas[index]!;
    const wanted = lsn === null ? null : lsnValue(lsn);
    if (wanted === null || wanted <= replayed[index]!) return replica;
    try {
      const result = await replica.execute<{ lsn: string | null }>(sql`select pg_last_wal_replay_lsn()::text as lsn`);
      const seen = lsnValue(result.rows[0]?.lsn ?? '') ?? -1n;
      if (seen > replayed[index]!) replayed[index] = seen;
      return seen >= wanted ? replica : primary;
    } catch {
      return primary;
    }
  };

  return {
    reader,
    current,
    replicaCount: replicas.length,
    primaryLsn,
    replicaAt,
    caughtUp: async () => replicaAt(await primaryLsn()),
  };
}
