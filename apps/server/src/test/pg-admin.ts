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
  const address = new URL(url);
  address.pathname = `/${name}`;
  return { url: address.toString(), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}
