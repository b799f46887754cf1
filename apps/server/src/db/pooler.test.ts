import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createScratchDatabase, testPostgres } from '../test/pg-admin.ts';
import { openPostgres } from './client.ts';
import { staff } from './schema/index.ts';

/*
 * Decision 072: behind a pooler in transaction mode (DATABASE_POOLER=transaction) the server names no prepared
 * statement, since the pooler hands each transaction whichever server connection is free. The PostgreSQL
 * passes of .ci/run run the whole suite that way through PgBouncer; this file shows the mechanism on one
 * connection, where the server's own catalogue says which statements it holds.
 */
const postgres = testPostgres();

describe('settings for a transaction pooler', () => {
  const base = { NODE_ENV: 'test', DATABASE_URL: 'postgres://crm@pgbouncer:6432/crm' };

  it('turns the read cache off without a direct connection to listen on, and on with one', () => {
    expect(loadConfig({ ...base, DATABASE_POOLER: 'transaction' }).readCache).toBe(false);
    const direct = loadConfig({
      ...base,
      DATABASE_POOLER: 'transaction',
      LISTEN_DATABASE_URL: 'postgres://crm@db:5432/crm',
    });
    expect(direct.readCache).toBe(true);
    expect(direct.listenDatabaseUrl).toBe('postgres://crm@db:5432/crm');
    expect(loadConfig(base).listenDatabaseUrl).toBe(base.DATABASE_URL);
  });

  it('refuses READ_CACHE=true behind a pooler with nowhere to listen, saying what is missing', () => {
    expect(() => loadConfig({ ...base, DATABASE_POOLER: 'transaction', READ_CACHE: 'true' })).toThrow(
      /LISTEN_DATABASE_URL/,
    );
    expect(() => loadConfig({ ...base, DATABASE_POOLER: 'session' })).toThrow(/DATABASE_POOLER/);
  });
});

describe.skipIf(!postgres)('prepared statements and the pooler setting (PostgreSQL)', () => {
  /** How many statements the one connection of a pool holds after running a named, prepared query twice. */
  async function preparedAfterTwoRuns(pooler: 'none' | 'transaction'): Promise<number> {
    const template = inject('testDatabaseTemplate');
    const scratch = await createScratchDatabase(
      postgres!.directUrl,
      'crm_pooler',
      template.kind === 'postgres' ? template.name : undefined,
    );
    const database = await openPostgres(scratch.url, { poolSize: 1, pooler });
    try {
      const byId = database.db
        .select({ id: staff.id })
        .from(staff)
        .where(sql`${staff.id} = ${sql.placeholder('id')}`)
        .prepare('pooler_test_staff_by_id');
      await byId.execute({ id: 1 });
      await byId.execute({ id: 2 });
      const held = await database.db.execute(sql`select count(*)::int as n from pg_prepared_statements`);
      return (held.rows[0] as { n: number }).n;
    } finally {
      await database.close();
      await scratch.drop();
    }
  }

  it('names statements on a direct connection, and none with DATABASE_POOLER=transaction', async () => {
    expect(await preparedAfterTwoRuns('none')).toBe(1);
    expect(await preparedAfterTwoRuns('transaction')).toBe(0);
  });
});
