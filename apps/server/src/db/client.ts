import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed.ts';
import { primaryReads, replicaReads, type Reads } from './replicas.ts';
import * as schema from './schema/index.ts';

/*
 * One schema, two drivers. Repositories are written against the node-postgres flavour of the type;
 * the PGlite one has the same query API (both are drizzle's PgDatabase), which is why the cast below
 * is safe.
 */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(migrationsFolder: string): Promise<void>;
  /** Hears every committed write (decision 064); the caller closes it before the database. */
  changeFeed(): Promise<ChangeFeed>;
  /** Where lists and dashboards read: read replicas in turn, or the primary alone (decision 077). */
  reads: Reads;
  close(): Promise<void>;
}

/**
 * `dataDir` null keeps PGlite in memory (tests); a folder keeps it on disk (demo, development). `startFrom` is a
 * data directory dumped earlier (`dumpDataDir`), which spares the initdb and the migrations a test would repeat.
 */
export async function openPglite(
  dataDir: string | null,
  startFrom?: Blob,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  // pg_trgm ranks FAQ titles (decision 053); the migration creates the extension, PGlite must carry it.
  const client = await PGlite.create(dataDir ? path.join(dataDir, 'pglite') : undefined, {
    extensions: { pg_trgm },
    ...(startFrom ? { loadDataDir: startFrom } : {}),
  });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    changeFeed: () => pgliteChangeFeed(client),
    reads: primaryReads(db as unknown as Db),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

/**
 * A connection the server drops (restart, failover, admin, a dropped database) emits 'error'; unheard, that event
 * kills the process. The pool listens on idle connections only, and stops listening on those it is closing, so
 * every connection gets its own listener the moment it is made: a transaction in flight then fails with its
 * query, and the pool makes a new one.
 */
export function hearDroppedConnections(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * A connection that never names a statement. Behind a pooler in transaction mode a named statement is prepared
 * on whichever server connection the pooler hands out, and the next request's `execute` lands on another one
 * (`prepared statement "…" already exists`, or does not exist). An unnamed statement is parsed with each
 * query, which costs the server a parse per query (bench/README: the working day through PgBouncer).
 */
class UnnamedStatementClient extends pg.Client {
  // pg's overloads cannot be restated in a subclass: the arguments pass through untouched but for `name`.
  query(...args: unknown[]): never {
    const [config] = args;
    if (config !== null && typeof config === 'object' && 'name' in config && !('submit' in config)) {
      const { name: _name, ...unnamed } = config as { name?: string };
      args[0] = unnamed;
    }
    return (super.query as (...rest: unknown[]) => never)(...args);
  }
}

export interface PostgresOptions {
  poolSize?: number;
  /** `transaction`: the URL is a pooler in transaction mode (DATABASE_POOLER). */
  pooler?: 'none' | 'transaction';
  /** Where the change feed listens (a direct connection); the URL itself by default. */
  listenUrl?: string;
  /** Streaming replicas of `url` (READ_REPLICA_URLS), reached the same way as `url`. */
  replicaUrls?: readonly string[];
}

export async function openPostgres(url: string, options: number | PostgresOptions = {}): Promise<Database> {
  const {
    poolSize = 10,
    pooler = 'none',
    listenUrl = url,
    replicaUrls = [],
  } = typeof options === 'number' ? { poolSize: options } : options;
  // While the database is away, a request waits at most 5 s for a connection and then answers 503.
  const poolOn = (connectionString: string) =>
    hearDroppedConnections(
      new pg.Pool({
        connectionString,
        max: poolSize,
        connectionTimeoutMillis: 5_000,
        ...(pooler === 'transaction' ? { Client: UnnamedStatementClient } : {}),
      }),
    );
  const pool = poolOn(url);
  const replicaPools = replicaUrls.map(poolOn);
  const closeAll = () => Promise.all([pool, ...replicaPools].map((each) => each.end())).then(() => undefined);
  try {
    // Fail at start, with the driver's reason, rather than on the first request.
    await pool.query('select 1');
    for (const [index, replica] of replicaPools.entries()) {
      const { rows } = await replica.query<{ standby: boolean }>('select pg_is_in_recovery() as standby');
      // A primary listed as a replica would take reads that the read-your-writes check cannot vouch for.
      if (!rows[0]?.standby) throw new Error(`READ_REPLICA_URLS: address ${index + 1} is not a standby server`);
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const replicas = replicaPools.map((replica) => drizzlePg({ client: replica, schema, casing: 'snake_case' }));
  return {
    db,
    kind: 'postgres',
    migrate: (migrationsFolder) => migratePg(db, { migrationsFolder }),
    changeFeed: () => postgresChangeFeed(listenUrl),
    reads: replicaReads(db, replicas),
    close: closeAll,
  };
}
