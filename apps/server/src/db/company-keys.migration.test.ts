import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createScratchDatabase, testPostgres } from '../test/pg-admin.ts';
import { openPglite, openPostgres, type Database } from './client.ts';

/*
 * The company-keys migration (decision 084) on a database that already holds rows: migrated up to the migration
 * before it, written to as the old keys allowed, then migrated on. PGlite, and PostgreSQL in the PostgreSQL pass.
 */
const { migrationsFolder } = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
type Journal = { entries: { tag: string }[] };
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const at = journal.entries.findIndex((entry) => entry.tag.endsWith('_company_keys'));

/** A migrations folder that stops just before the company-keys migration. */
const before = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-before-keys-'));
fs.mkdirSync(path.join(before, 'meta'));
fs.writeFileSync(
  path.join(before, 'meta/_journal.json'),
  JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }),
);
for (const { tag } of journal.entries.slice(0, at))
  fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(before, `${tag}.sql`));

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
  fs.rmSync(before, { recursive: true, force: true });
});

/** A new, empty database of the suite's kind, migrated up to the migration before company-scoped keys. */
async function databaseBeforeKeys(): Promise<Database> {
  const postgres = testPostgres();
  let database: Database;
  if (postgres) {
    const scratch = await createScratchDatabase(postgres.directUrl, 'crm_keys');
    database = await openPostgres(scratch.url, 1);
    closers.push(async () => {
      await database.close();
      await scratch.drop();
    });
  } else {
    database = await openPglite(null);
    closers.push(() => database.close());
  }
  await database.migrate(before);
  return database;
}

/** Writes rows with SQL of the schema of that moment (the drizzle schema is the later one). */
async function write(database: Database, statements: string[]) {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}

const rowsOf = async (database: Database, query: ReturnType<typeof sql>) => (await database.db.execute(query)).rows;

describe('the company-keys migration', () => {
  // Each migrates a new database from the first migration: tens of seconds on a loaded machine.
  it('keeps every row, and gives activity prizes the company of their activity', { timeout: 180_000 }, async () => {
    expect(at).toBeGreaterThan(0);
    const database = await databaseBeforeKeys();
    await write(database, [
      `insert into companies (id, name) values (1, '甲公司'), (2, '乙公司')`,
      `insert into teams (id, corp_id, name) values (1, 1, '一组'), (2, 2, '一组')`,
      `insert into staff (id, corp_id, team_id, name, phone) values (1, 1, 1, '张三', '13900000001'), (2, 2, 2, '李四', '13900000001'), (3, 2, null, '王五', '13900000003')`,
      `insert into sessions (token_hash, corp_id, staff_id, expires_at) values ('h1', 1, 1, now()), ('h2', 2, 2, now())`,
      `insert into outside_invites (code, corp_id, staff_id) values ('ABCD2345', 2, 3)`,
      `insert into activities (id, corp_id, key, type, title, starts_at, ends_at) values (1, 1, 'spring', 'lottery', '春季抽奖', now(), now() + interval '1 day'), (2, 2, 'spring', 'lottery', '春季抽奖', now(), now() + interval '1 day')`,
      `insert into activity_prizes (activity_id, tier, name, stock) values (1, 1, '一等奖', 1), (2, 1, '一等奖', 2), (2, 2, '二等奖', 5)`,
    ]);
    const tables = ['teams', 'staff', 'sessions', 'outside_invites', 'activities'];
    const kept = async () => {
      const rows: Record<string, unknown> = {};
      for (const table of tables)
        rows[table] = await rowsOf(database, sql`select * from ${sql.identifier(table)} order by 1, 2`);
      return rows;
    };
    const beforeRows = await kept();

    await database.migrate(migrationsFolder);

    expect(await kept()).toEqual(beforeRows);
    expect(await rowsOf(database, sql`select activity_id, tier, corp_id from activity_prizes order by 1, 2`)).toEqual([
      { activity_id: 1, tier: 1, corp_id: 1 },
      { activity_id: 2, tier: 1, corp_id: 2 },
      { activity_id: 2, tier: 2, corp_id: 2 },
    ]);
    // The ids stay generated: a row written after the migration gets the next one.
    expect(
      await rowsOf(
        database,
        sql`insert into activity_prizes (corp_id, activity_id, tier, name, stock) values (1, 1, 2, '二等奖', 1) returning id`,
      ),
    ).toEqual([{ id: 4 }]);
  });

  it("stops, changing nothing, at a row that points at another company's row", { timeout: 180_000 }, async () => {
    const database = await databaseBeforeKeys();
    await write(database, [
      `insert into companies (id, name) values (1, '甲公司'), (2, '乙公司')`,
      `insert into teams (id, corp_id, name) values (1, 1, '一组')`,
      `insert into staff (id, corp_id, team_id, name, phone) values (1, 2, 1, '张三', '13900000001')`,
    ]);
    await expect(database.migrate(migrationsFolder)).rejects.toThrow();
    // Still before the migration: the old key, and no company-scoped one.
    expect(
      await rowsOf(
        database,
        sql`select conname from pg_constraint where conrelid = 'teams'::regclass and contype = 'p'`,
      ),
    ).toEqual([{ conname: 'teams_pkey' }]);
  });
});
