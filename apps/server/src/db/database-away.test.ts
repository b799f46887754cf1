import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { createDemoWecomAdapter } from '../adapters/wecom/index.ts';
import { buildTestApp, createRecordingSms, type TestApp } from '../test/build-test-app.ts';
import { createCompany, createStaff } from '../test/factories.ts';
import { loginAs } from '../test/http.ts';
import * as schema from './schema/index.ts';

describe('a database out of reach', () => {
  it('answers 503 "服务暂不可用" in the envelope, not a 500 or a crash', async () => {
    // Nothing listens on port 1: every query fails to connect, as while PostgreSQL restarts.
    const pool = new pg.Pool({ connectionString: 'postgres://crm@127.0.0.1:1/crm', connectionTimeoutMillis: 1_000 });
    pool.on('error', () => undefined);
    const app = await buildApp({
      db: drizzle({ client: pool, schema, casing: 'snake_case' }),
      config: loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent', DATA_DIR: '/tmp/crm-away' }),
      adapters: { sms: createRecordingSms().adapter, wecom: createDemoWecomAdapter({}) },
      now: systemClock,
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/crm/corp' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ msg: '服务暂不可用，请稍后再试', data: null });
      expect(response.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await pool.end();
    }
  });
});

// PostgreSQL only: PGlite has no connections to lose.
describe.runIf(process.env.DATABASE_URL)('PostgreSQL dropping every connection (a restart, a failover)', () => {
  let test: TestApp;
  let killer: pg.Client;
  beforeAll(async () => {
    test = await buildTestApp();
    const [row] = (await test.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${row?.name ?? ''}`;
    killer = new pg.Client({ connectionString: url.toString() });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await test.close();
  });

  it('fails the transaction in flight, keeps the process alive, and serves the next request', async () => {
    const company = await createCompany(test.db);
    const person = await createStaff(test.db, company.id);
    const cookie = await loginAs(test, person);
    // A transaction holds a checked-out connection: the pool's own error listener covers idle ones only,
    // so before the fix this 'error' event went unheard and killed the process.
    // Its outcome is taken at once: the rejection may land while the backends are still being terminated.
    const inFlight = test.db
      .transaction(async (tx) => {
        await tx.execute(sql`select pg_sleep(5)`);
      })
      .then(
        () => 'committed',
        (error: unknown) => error,
      );
    await new Promise((resolve) => setTimeout(resolve, 300));
    await killer.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    expect(await inFlight).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 100));

    const again = await test.app.inject({
      method: 'POST',
      url: '/api/crm/userinfo',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { id: person.id },
    });
    expect(again.json()).toMatchObject({ code: 0, data: { id: person.id } });
  });
});
