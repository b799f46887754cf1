import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** One statement on its own connection to the PostgreSQL of `url` (create or drop a scratch database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the PostgreSQL of `url`, named after `prefix`, empty or a copy of the database `template`:
 * its address, and how to drop it again.
 */
export async function createScratchDatabase(
  url: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, template ? `create database ${name} template ${template}` : `create database ${name}`);
  return { url: withDatabase(url, name), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

/**
 * The PostgreSQL the server tests run on: DATABASE_URL, which may be a pooler in transaction mode
 * (DATABASE_POOLER=transaction, PgBouncer in the CI's last pass), and a direct address (LISTEN_DATABASE_URL)
 * for what a pooler cannot carry: creating databases from a template (the pooler keeps idle connections to
 * it open) and the change feed's LISTEN. Null without DATABASE_URL (the tests run on PGlite).
 */
export function testPostgres(): {
  url: string;
  directUrl: string;
  pooler: 'none' | 'transaction';
  /** READ_REPLICA_URLS: streaming replicas of DATABASE_URL's cluster (decision 077, the CI's replica pass). */
  replicaUrls: string[];
} | null {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const pooler = process.env.DATABASE_POOLER === 'transaction' ? 'transaction' : 'none';
  const replicaUrls = (process.env.READ_REPLICA_URLS ?? '')
    .split(',')
    .map((each) => each.trim())
    .filter(Boolean);
  return { url, directUrl: process.env.LISTEN_DATABASE_URL ?? url, pooler, replicaUrls };
}

/** The same server address with another database name. */
export function withDatabase(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}

/**
 * Waits until each replica has replayed everything the primary of `url` had written when called (a database just
 * created, a test's rows), so a read from the replica finds it. At most 10 s.
 */
export async function replicasCaughtUp(url: string, replicaUrls: readonly string[]): Promise<void> {
  if (replicaUrls.length === 0) return;
  const primary = new pg.Client({ connectionString: url });
  await primary.connect();
  let wanted: string;
  try {
    wanted = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]!.lsn;
  } finally {
    await primary.end();
  }
  for (const replicaUrl of replicaUrls) {
    // The replica's postgres database: the one being waited for may not exist there yet.
    const replica = new pg.Client({ connectionString: withDatabase(replicaUrl, 'postgres') });
    await replica.connect();
    try {
      for (let tries = 0; ; tries += 1) {
        const { rows } = await replica.query<{ done: boolean }>(
          'select pg_last_wal_replay_lsn() >= $1::pg_lsn as done',
          [wanted],
        );
        if (rows[0]?.done) break;
        if (tries >= 200) throw new Error(`the replica ${replicaUrl} did not replay ${wanted} in 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await replica.end();
    }
  }
}
