import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import type { Db } from '../db/client.ts';
import { seedDemo } from '../db/seed.ts';
import { backupDatabase, BackupError, restoreDatabase, type Target } from './backup.ts';
import { adminQuery } from '../test/pg-admin.ts';

/*
 * A backup restored into an empty database holds every record: every table of the schema and drizzle's
 * migration journal, compared row for row by a digest of the table's rows. Runs on the driver of the pass:
 * pg_dump/pg_restore with DATABASE_URL set, the PGlite data folder without.
 */
const config = loadConfig({ NODE_ENV: 'test' });
const url = process.env.DATABASE_URL;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-backup-'));
const databases: string[] = [];

/** A new empty database (PostgreSQL) or data folder (PGlite), and how to open it. */
async function emptyTarget(label: string): Promise<{ target: Target; open: () => Promise<Database> }> {
  if (url) {
    const name = `crm_backup_${label}_${randomBytes(4).toString('hex')}`;
    await adminQuery(url, `create database ${name}`);
    databases.push(name);
    const address = new URL(url);
    address.pathname = `/${name}`;
    return { target: { kind: 'postgres', url: address.toString() }, open: () => openPostgres(address.toString(), 2) };
  }
  const dataDir = path.join(scratch, label);
  return { target: { kind: 'pglite', dataDir }, open: () => openPglite(dataDir) };
}

/** Every table's row count and a digest of its rows, by schema-qualified name. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await db.execute<{ name: string }>(
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows as { name: string }[]) {
    const [schema, table] = name.split('.');
    const rows = await db.execute<{ n: number; digest: string | null }>(
      sql.raw(
        `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${schema}"."${table}" t`,
      ),
    );
    const row = rows.rows[0] as { n: number; digest: string };
    result[name] = `${row.n}:${row.digest}`;
  }
  return result;
}

afterAll(async () => {
  for (const name of databases) await adminQuery(url!, `drop database if exists ${name} with (force)`);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe(`backup and restore (${url ? 'PostgreSQL: pg_dump and pg_restore' : 'PGlite: the data folder'})`, () => {
  // Migrates and seeds two databases and dumps one: minutes, not seconds, on a loaded 2-core machine.
  it('restores a backup into an empty database and finds every record', { timeout: 240_000 }, async () => {
    const source = await emptyTarget('source');
    const live = await source.open();
    await live.migrate(config.migrationsFolder);
    expect(await seedDemo(live.db, systemClock)).toBe(true);
    const before = await fingerprint(live.db);
    await live.close();
    // The demo seed fills the tables a deployment lives on; an empty table would prove nothing.
    expect(Number(before['public.staff']?.split(':')[0])).toBeGreaterThan(10);
    expect(Number(before['public.clients']?.split(':')[0])).toBeGreaterThan(0);
    expect(Number(before['drizzle.__drizzle_migrations']?.split(':')[0])).toBeGreaterThan(10);

    const file = path.join(scratch, 'backup.dump');
    await backupDatabase(source.target, file);
    expect(fs.statSync(file).size).toBeGreaterThan(1000);

    const copy = await emptyTarget('copy');
    await restoreDatabase(copy.target, file);
    const restored = await copy.open();
    try {
      expect(await fingerprint(restored.db)).toEqual(before);
      // And the restored database is one the server runs on: its migrations are all there, none re-run.
      await restored.migrate(config.migrationsFolder);
      expect(await fingerprint(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }

    // A restore never lands on a database that holds data.
    await expect(restoreDatabase(copy.target, file)).rejects.toBeInstanceOf(BackupError);
  });

  it('refuses to back up what is not there and to restore a file that is not there', async () => {
    const empty = await emptyTarget('nothing');
    if (empty.target.kind === 'pglite')
      await expect(backupDatabase(empty.target, path.join(scratch, 'x'))).rejects.toThrow(/nothing to back up/);
    await expect(restoreDatabase(empty.target, path.join(scratch, 'missing.dump'))).rejects.toThrow(/no backup file/);
  });
});
