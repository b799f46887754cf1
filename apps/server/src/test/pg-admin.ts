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
export function testPostgres(): { url: string; directUrl: string; pooler: 'none' | 'transaction' } | null {
  const url = process.env.DATABASE_URL;
  if (!url) return null;
  const pooler = process.env.DATABASE_POOLER === 'transaction' ? 'transaction' : 'none';
  return { url, directUrl: process.env.LISTEN_DATABASE_URL ?? url, pooler };
}

/** The same server address with another database name. */
export function withDatabase(url: string, name: string): string {
  const address = new URL(url);
  address.pathname = `/${name}`;
  return address.toString();
}
