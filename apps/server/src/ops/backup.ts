import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/*
 * Backup and restore of the database (decision 057, docs/deploy.md). PostgreSQL: pg_dump's custom format
 * and pg_restore, which must be on the PATH (the postgresql-client package). The embedded PGlite: its data
 * folder as a gzipped tarball (PGlite's dumpDataDir), taken while no server has the folder open.
 * Uploaded files are not in the database: local storage is the folder DATA_DIR/files, S3 is the bucket's.
 */

export type Target = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export class BackupError extends Error {}

const pgliteFolder = (dataDir: string) => path.join(dataDir, 'pglite');

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', (error) => reject(new BackupError(`${command} could not start: ${error.message}`)));
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes the whole database to `file`. */
export async function backupDatabase(target: Target, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  if (target.kind === 'postgres') {
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, target.url]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (!fs.existsSync(path.join(folder, 'PG_VERSION')))
    throw new BackupError(`no embedded database in ${folder}: nothing to back up`);
  const client = await PGlite.create(folder, { extensions: { pg_trgm } });
  try {
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await client.close();
  }
}

/** Whether the database has any table of ours or drizzle's: restore only into an empty one. */
async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    return result.rows[0]?.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into an EMPTY database (a new PostgreSQL database, or a DATA_DIR without an embedded
 * database): a restore never overwrites live data by accident. The server then starts on it as usual
 * (its migrations run if the backup is older than the code).
 */
export async function restoreDatabase(target: Target, file: string): Promise<void> {
  if (!fs.existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  if (target.kind === 'postgres') {
    if (!(await postgresIsEmpty(target.url)))
      throw new BackupError('the target database is not empty: restore into a new database (createdb) instead');
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, file]);
    return;
  }
  const folder = pgliteFolder(target.dataDir);
  if (fs.existsSync(folder) && fs.readdirSync(folder).length > 0)
    throw new BackupError(`${folder} already holds a database: restore into an empty DATA_DIR instead`);
  fs.mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([fs.readFileSync(file)]),
  });
  await client.close();
}
