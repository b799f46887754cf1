import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestDatabase, type TestDatabase } from '../test/build-test-app.ts';
import { createTeam, insertRow } from '../test/factories.ts';
import { SHARED_TABLES } from './shared-tables.ts';
import { companies } from './schema/staff.ts';

/*
 * Company-scoped keys (issue 47 point 1, decision 084), read from the migrated database's catalogue, so a table
 * a later migration adds is held to the rule too: Citus distributes a table by `corp_id` only if its primary
 * key, each unique index and each foreign key to another distributed table include it.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase(loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' }));
});
afterAll(() => database.close());

type Table = { table: string; corpId: 'not null' | 'null' | null; primaryKey: string[] | null };
type UniqueIndex = { table: string; index: string; columns: (string | null)[] };
type ForeignKey = { table: string; name: string; target: string; columns: string[]; targetColumns: string[] };

type Executor = Pick<TestDatabase['db'], 'execute'>;

/** What breaks the rule, one line per table and reason; empty when every table keeps it. */
async function breaches(ex: Executor = database.db): Promise<string[]> {
  const rows = async <T>(query: ReturnType<typeof sql>) => (await ex.execute(query)).rows as T[];
  const tables = await rows<Table>(sql`
    select c.relname as "table",
      (select case when a.attnotnull then 'not null' else 'null' end from pg_attribute a
        where a.attrelid = c.oid and a.attname = 'corp_id' and not a.attisdropped) as "corpId",
      (select array_agg(a.attname::text order by k.n) from pg_constraint p
        cross join unnest(p.conkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = p.conrelid and a.attnum = k.attnum
        where p.conrelid = c.oid and p.contype = 'p') as "primaryKey"
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  const uniques = await rows<UniqueIndex>(sql`
    select c.relname as "table", ic.relname as "index",
      (select array_agg(a.attname::text order by k.n) from unnest(i.indkey) with ordinality k(attnum, n)
        left join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where k.n <= i.indnkeyatts) as columns
    from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and i.indisunique order by 1, 2`);
  const foreignKeys = await rows<ForeignKey>(sql`
    select c.relname as "table", f.conname as name, t.relname as target,
      (select array_agg(a.attname::text order by k.n) from unnest(f.conkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum) as columns,
      (select array_agg(a.attname::text order by k.n) from unnest(f.confkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = f.confrelid and a.attnum = k.attnum) as "targetColumns"
    from pg_constraint f join pg_class c on c.oid = f.conrelid join pg_class t on t.oid = f.confrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and f.contype = 'f' order by 1, 2`);

  const isShared = (table: string) => Object.hasOwn(SHARED_TABLES, table);
  const found: string[] = [];
  for (const { table, corpId, primaryKey } of tables) {
    if (isShared(table)) continue;
    if (corpId !== 'not null') found.push(`${table}: ${corpId ? 'corp_id may be null' : 'no corp_id column'}`);
    if (!primaryKey) found.push(`${table}: no primary key`);
    else if (!primaryKey.includes('corp_id'))
      found.push(`${table}: primary key (${primaryKey.join(', ')}) lacks corp_id`);
  }
  for (const { table, index, columns } of uniques) {
    if (!isShared(table) && !columns.includes('corp_id'))
      found.push(`${table}: unique index ${index} (${columns.map((c) => c ?? 'expression').join(', ')}) lacks corp_id`);
  }
  for (const { table, name, target, columns, targetColumns } of foreignKeys) {
    if (isShared(table) && !isShared(target))
      found.push(`${table}: shared table's foreign key ${name} points at company-owned ${target}`);
    if (isShared(table) || isShared(target)) continue;
    const at = columns.indexOf('corp_id');
    if (at < 0 || targetColumns[at] !== 'corp_id')
      found.push(`${table}: foreign key ${name} to ${target} does not match corp_id to corp_id`);
  }
  return found;
}

/** The SQLSTATE of a database error, through drizzle's wrapping. */
function sqlState(error: unknown): unknown {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

describe('company-scoped keys', () => {
  it('holds every company-owned table: corp_id in its key, its unique indexes and its foreign keys', async () => {
    expect(await breaches()).toEqual([]);
  });

  it('names each table that breaks the rule, so a later table keeps it', async () => {
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create table keyless_notes (id integer primary key, corp_id integer, team_id integer)`);
        await tx.execute(sql`create unique index keyless_notes_team on keyless_notes (team_id)`);
        await tx.execute(
          sql`alter table keyless_notes add foreign key (corp_id, team_id) references teams (id, corp_id)`,
        );
        await tx.execute(sql`create table orphans (id integer primary key references keyless_notes (id))`);
        expect(await breaches(tx)).toEqual([
          'keyless_notes: corp_id may be null',
          'keyless_notes: primary key (id) lacks corp_id',
          'orphans: no corp_id column',
          'orphans: primary key (id) lacks corp_id',
          'keyless_notes: unique index keyless_notes_pkey (id) lacks corp_id',
          'keyless_notes: unique index keyless_notes_team (team_id) lacks corp_id',
          'orphans: unique index orphans_pkey (id) lacks corp_id',
          'keyless_notes: foreign key keyless_notes_corp_id_team_id_fkey to teams does not match corp_id to corp_id',
          'orphans: foreign key orphans_id_fkey to keyless_notes does not match corp_id to corp_id',
        ]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        // drizzle's rollback throws to end the transaction: the tables above were never there.
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
  });

  it("refuses a row that points at another company's row", async () => {
    const db = database.db;
    const first = await insertRow(db, companies, { name: '甲公司' }, 'company');
    const second = await insertRow(db, companies, { name: '乙公司' }, 'company');
    const team = await createTeam(db, first.id);
    // Plain SQL: the staff factory seals the phone, which needs the company's keys, not what this is about.
    const addStaff = (corpId: number) =>
      db.execute(
        sql`insert into staff (corp_id, team_id, name, phone) values (${corpId}, ${team.id}, '张三', '13900000009') returning team_id`,
      );
    const refused = await addStaff(second.id).catch((error: unknown) => error);
    expect(sqlState(refused)).toBe('23503'); // foreign_key_violation
    expect((await addStaff(first.id)).rows).toEqual([{ team_id: team.id }]);
  });
});
