import type { ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWecomAdapter } from '../adapters/wecom/index.ts';
import { buildApp } from '../app.ts';
import { systemClock } from '../clock.ts';
import { loadConfig } from '../config.ts';
import { buildTestApp, createRecordingSms, openTestDatabase, type TestApp } from '../test/build-test-app.ts';
import { journalEntries } from './readiness.ts';
import { createLogger, requestContext } from './request-context.ts';
import { shutdownGracefully } from './shutdown.ts';

describe('health, readiness and metrics', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ config: { METRICS_TOKEN: 'scrape-token-0123456789' } });
  });
  afterAll(() => test.close());

  it('/healthz answers without a session', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 0 });
  });

  it('/readyz is ready when every migration of the journal is applied, and not once the newest is missing', async () => {
    const expected = journalEntries(test.config.migrationsFolder).length;
    const ready = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 0, data: { ready: true, applied: expected, expected } });

    const newest = journalEntries(test.config.migrationsFolder).at(-1);
    const removed = await test.db.execute<{ id: number; hash: string; created_at: string }>(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    );
    try {
      const behind = await test.app.inject({ method: 'GET', url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({
        msg: '服务未就绪',
        data: { ready: false, reason: `migration ${newest?.tag} is not applied` },
      });
    } finally {
      const row = removed.rows[0] as { id: number; hash: string; created_at: string };
      await test.db.execute(
        sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`,
      );
    }
    expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('/metrics counts requests by route pattern, never by the address itself, and wants the token', async () => {
    await test.app.inject({ method: 'GET', url: '/api/crm/corp' });
    await test.app.inject({ method: 'GET', url: '/api/crm/exam/paper/123456' });
    expect((await test.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(403);
    expect(
      (
        await test.app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: 'Bearer wrong-token-0000000' },
        })
      ).statusCode,
    ).toBe(403);
    const response = await test.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer scrape-token-0123456789' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/crm\/corp",status_code="200"\} 1/,
    );
    // Only the labels are asked: a process gauge (the resident memory, say) may hold the same digits by chance.
    expect(text).not.toMatch(/route="[^"]*123456/);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // The pool's gauges exist where the driver has a pool: PostgreSQL, not the embedded PGlite.
    if (process.env.DATABASE_URL) expect(text).toMatch(/db_pool_connections_total \d+/);
    else expect(text).not.toContain('db_pool_connections_total');
  });
});

/** The whole app with a logger writing JSON lines into an array, as the process's logger writes to stdout. */
async function appWithLog(options: { slowMs?: number } = {}) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
  const database = await openTestDatabase(config);
  const logger = createLogger('info', stream);
  const app = await buildApp({
    db: database.db,
    config,
    adapters: { sms: createRecordingSms().adapter, wecom: createDemoWecomAdapter({ demoUserId: 'u' }) },
    logger,
    now: systemClock,
  });
  // A route that takes its time and logs through the app's logger (as a service's log callback does).
  app.get('/ops-test/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, options.slowMs ?? 10));
    app.log.info('slow work done');
    return { code: 0, msg: 'ok', data: 'done' };
  });
  await app.ready();
  return { app, lines, database };
}

describe('request ids', () => {
  let world: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    world = await appWithLog();
  });
  afterAll(async () => {
    await world.app.close();
    await world.database.close();
  });

  it('every log line of a request carries its id, also the app logger’s, and the answer names it', async () => {
    world.lines.length = 0;
    const response = await world.app.inject({ method: 'GET', url: '/ops-test/slow' });
    const id = response.headers['x-request-id'];
    expect(typeof id).toBe('string');
    expect(world.lines.length).toBeGreaterThanOrEqual(3);
    expect(world.lines.map((line) => line.msg)).toContain('slow work done');
    for (const line of world.lines) expect(line.reqId).toBe(id);
  });

  it('keeps the load balancer’s id when it is a plain token and replaces one that is not', async () => {
    const kept = await world.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'lb-abc123-456' },
    });
    expect(kept.headers['x-request-id']).toBe('lb-abc123-456');
    const replaced = await world.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\u0001<script>' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('lines outside any request have no id', () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _e, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    logger.info('outside');
    requestContext.run({ reqId: 'r-1' }, () => logger.info('inside'));
    expect(lines.map((line) => [line.msg, line.reqId])).toEqual([
      ['outside', undefined],
      ['inside', 'r-1'],
    ]);
  });
});

describe('graceful shutdown', () => {
  let closers: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const close of closers) await close().catch(() => undefined);
    closers = [];
  });

  it('answers the request in flight, then closes the database, and takes no new connection', async () => {
    const world = await appWithLog({ slowMs: 400 });
    closers.push(() => world.database.close());
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const events: string[] = [];
    // Recorded where the server finishes the answer: the client learning of it races the shutdown that follows.
    world.app.server.on('request', (_request, response: ServerResponse) => {
      response.on('finish', () => events.push(`answered ${response.statusCode}`));
    });
    const inFlight = fetch(`${address}/ops-test/slow`).then((response) => response.json());
    await new Promise((resolve) => setTimeout(resolve, 100));
    const outcome = await shutdownGracefully({
      app: world.app,
      closeDatabase: async () => {
        events.push('database closed');
      },
      graceMs: 5000,
      log: () => undefined,
    });
    expect(outcome).toBe('closed');
    expect(await inFlight).toEqual({ code: 0, msg: 'ok', data: 'done' });
    expect(events).toEqual(['answered 200', 'database closed']);
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
  });

  it('does not wait past its grace for a request that never ends', async () => {
    const world = await appWithLog({ slowMs: 3000 });
    closers.push(() => world.database.close());
    const address = await world.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/ops-test/slow`).catch(() => null);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const logged: string[] = [];
    const started = Date.now();
    const outcome = await shutdownGracefully({
      app: world.app,
      closeDatabase: async () => undefined,
      graceMs: 200,
      log: (message) => logged.push(message),
    });
    expect(outcome).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2000);
    expect(logged[0]).toContain('still running');
    await inFlight;
  });
});
