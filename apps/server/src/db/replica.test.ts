import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { caseForm, createCase } from '../test/factories-cases.ts';
import { createCompany, createStaff, createTeam } from '../test/factories.ts';
import { postForm } from '../test/http.ts';
import { staffCookie } from '../test/sessions.ts';
import { loadConfig } from '../config.ts';
import { lsnValue } from './replicas.ts';
import { WROTE_AT_COOKIE } from '../plugins/read-replicas.ts';
import { replicasCaughtUp, testPostgres } from '../test/pg-admin.ts';

/*
 * Decision 077: with READ_REPLICA_URLS the case list reads a streaming replica, and a user's own write reaches
 * his next list through the primary. Replay on the replica is paused while a write is made, so "served by the
 * replica" and "read-your-writes held" are both seen, not inferred from timing. Needs a replica of DATABASE_URL's
 * cluster: .ci/run starts one (.ci/replica) and runs this file alone with
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres READ_REPLICA_URLS=postgres://postgres@127.0.0.1:5433/postgres
 */

describe('READ_REPLICA_URLS settings', () => {
  it('lists the replicas, none by default, and is refused on the embedded database', () => {
    const base = { NODE_ENV: 'test' as const, WEB_DIST: '/nonexistent' };
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://crm@db/crm' }).readReplicaUrls).toEqual([]);
    expect(
      loadConfig({
        ...base,
        DATABASE_URL: 'postgres://crm@db/crm',
        READ_REPLICA_URLS: 'postgres://crm@r1/crm, postgres://crm@r2/crm',
      }).readReplicaUrls,
    ).toEqual(['postgres://crm@r1/crm', 'postgres://crm@r2/crm']);
    expect(() => loadConfig({ ...base, READ_REPLICA_URLS: 'postgres://crm@r1/crm' })).toThrow(
      /READ_REPLICA_URLS needs DATABASE_URL.*PGlite/,
    );
    expect(() =>
      loadConfig({ ...base, DATABASE_URL: 'postgres://crm@db/crm', READ_REPLICA_URLS: 'not an address' }),
    ).toThrow(/READ_REPLICA_URLS/);
  });

  it('orders WAL positions as the WAL does', () => {
    expect(lsnValue('0/3000148')! < lsnValue('1/0')!).toBe(true);
    expect(lsnValue('A/10')! > lsnValue('9/FFFFFFFF')!).toBe(true);
    expect(lsnValue('x/1; drop')).toBeNull();
  });
});

const postgres = testPostgres();
const replicaUrl = postgres?.replicaUrls[0];
const title = replicaUrl
  ? 'read replicas: lists from the replica, a user’s own writes from the primary'
  : 'read replicas: SKIPPED without READ_REPLICA_URLS (and DATABASE_URL); the replica pass of .ci/run runs it';

describe.skipIf(!replicaUrl)(title, () => {
  let test: TestApp;
  /** The replica's own postgres database: replay is paused and resumed for the whole cluster. */
  let replica: pg.Client;
  let leader: { cookie: string };
  let sales: { id: number; corpId: number; teamId: number | null; cookie: string };

  const caughtUp = () => replicasCaughtUp(postgres!.directUrl, [replicaUrl!]);

  /** The case list as the leader (his team's) or a salesperson (his own) opens it. */
  const list = async (cookie: string, scope: 'team' | 'mine' = 'team') => {
    const response = await postForm(test.app, '/api/crm/clientList', { scope, limit: 50 }, { cookie });
    const body = response.json<{ code: number; data: { list: { id: number; name: string }[] } }>();
    expect(body.code).toBe(0);
    return body.data.list.map((row) => row.name);
  };

  /** The leader's dashboard funnel: cases taken in over its months, as read. */
  const intake = async (cookie: string) => {
    const response = await test.app.inject({ method: 'GET', url: '/api/crm/funnel?scope=team', headers: { cookie } });
    const body = response.json<{ code: number; data: { months: { intake: number }[] } }>();
    expect(body.code).toBe(0);
    return body.data.months.reduce((sum, month) => sum + month.intake, 0);
  };

  beforeAll(async () => {
    // The read cache would answer a repeated list without reading anything: this file is about where reads go.
    test = await buildTestApp({ config: { READ_CACHE: 'false' } });
    replica = new pg.Client({ connectionString: replicaUrl });
    await replica.connect();
    await replica.query('select pg_wal_replay_resume()');
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const boss = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
    const seller = await createStaff(test.db, corp.id, { teamId: team.id });
    leader = { cookie: await staffCookie(test, boss) };
    sales = { ...seller, cookie: await staffCookie(test, seller) };
    await createCase(test.db, seller, { name: '早已复制' });
    await caughtUp();
  });

  afterAll(async () => {
    // Whatever happened above, the cluster's replica replays again: the next user of it must not find it paused.
    await replica?.query('select pg_wal_replay_resume()').catch(() => undefined);
    await replica?.end();
    await test?.close();
  });

  it('serves the team list from the replica: a write it has not replayed is missing there, present on the primary', async () => {
    expect(await list(leader.cookie)).toEqual(['早已复制']);
    await replica.query('select pg_wal_replay_pause()');
    try {
      await createCase(test.db, sales, { name: '复制未到' });
      const onPrimary = await test.db
        .select({ name: clients.name })
        .from(clients)
        .where(sql`name = '复制未到'`);
      expect(onPrimary).toHaveLength(1);
      expect(await list(leader.cookie)).toEqual(['早已复制']);
      expect(await intake(leader.cookie)).toBe(1);
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await list(leader.cookie)).toEqual(['复制未到', '早已复制']);
    expect(await intake(leader.cookie)).toBe(2);
  });

  it("reads a user's list from the primary right after his own write, while the others' still come from the replica", async () => {
    await replica.query('select pg_wal_replay_pause()');
    try {
      const added = await postForm(test.app, '/api/crm/addClient', caseForm({ name: '我刚录入' }), {
        cookie: sales.cookie,
      });
      expect(added.json<{ code: number }>().code).toBe(0);
      const mark = added.cookies.find((cookie) => cookie.name === WROTE_AT_COOKIE);
      expect(mark?.value).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
      expect(mark?.httpOnly).toBe(true);

      // The browser sends the mark back: its own case is there, read from the primary.
      const withMark = `${sales.cookie}; ${WROTE_AT_COOKIE}=${mark!.value}`;
      expect(await list(withMark, 'mine')).toContain('我刚录入');
      // Without it (the leader, another phone) the list comes from the replica, which has not replayed the write.
      expect(await list(leader.cookie)).not.toContain('我刚录入');
      expect(await list(sales.cookie, 'mine')).not.toContain('我刚录入');
    } finally {
      await replica.query('select pg_wal_replay_resume()');
    }
    await caughtUp();
    expect(await list(leader.cookie)).toContain('我刚录入');
  });
});
