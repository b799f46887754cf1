import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../test/factories.ts';
import { companies } from './schema/staff.ts';

/*
 * The change feed (decision 064) on the suite's database: PGlite by default, PostgreSQL in the second pass of
 * .ci/run, where the notifications really come back on another connection.
 */
const test = testAppForFile();

describe('the change feed', () => {
  it('has the triggers on every table, so no table a module adds can change unheard', async () => {
    const result = await test.db.execute<{ table: string }>(sql`
      select c.relname as table from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
        and (select count(*) from pg_trigger t
             where t.tgrelid = c.oid and t.tgname in ('crm_change', 'crm_change_truncate')) <> 2`);
    expect(result.rows.map((row) => row.table)).toEqual([]);
    const tables = await test.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    expect(tables.rows[0]?.n).toBeGreaterThan(40);
  });

  it('moves on once for a committed write, not for a rolled-back one, nor for a statement that changed no row', async () => {
    const corp = await createCompany(test.db);
    await test.changes.settled();
    const before = test.changes.generation;
    await createTeam(test.db, corp.id);
    await test.changes.settled();
    expect(test.changes.generation).toBe(before + 1);

    await expect(
      test.db.transaction(async (tx) => {
        await tx.insert(companies).values({ name: '回滚的公司' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A poll that finds nothing to claim (the reminder worker's, every few seconds) must not end what is kept.
    await test.db.update(companies).set({ name: '无此公司' }).where(eq(companies.id, -1));
    await test.changes.settled();
    expect(test.changes.generation).toBe(before + 1);
    expect(test.changes.live).toBe(true);
  });

  it("moves on only the written company's versions, and its sessions' only for a session table (decision 079)", async () => {
    const [a, b] = [await createCompany(test.db), await createCompany(test.db)];
    await test.changes.settled();
    const versions = () => ({
      a: test.changes.version(a.id),
      b: test.changes.version(b.id),
      aSessions: test.changes.sessionVersion(a.id),
      bSessions: test.changes.sessionVersion(b.id),
    });
    const before = versions();
    await createTeam(test.db, a.id);
    await test.changes.settled();
    expect(versions()).toEqual({ ...before, a: before.a + 1 });

    await createStaff(test.db, b.id);
    await test.changes.settled();
    expect(versions()).toEqual({ ...before, a: before.a + 1, b: before.b + 1, bSessions: before.bSessions + 1 });

    // A company's own row has no company column: it concerns everyone.
    await test.db.update(companies).set({ name: '改名的公司' }).where(eq(companies.id, a.id));
    await test.changes.settled();
    const after = versions();
    expect(after.b).toBeGreaterThan(before.b + 1);
    expect(after.aSessions).toBeGreaterThan(before.aSessions);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'on PostgreSQL, goes deaf when its connection is cut, and listens again in a new generation',
    async () => {
      const before = test.changes.generation;
      await test.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'crm-change-feed'`);
      await expect.poll(() => test.changes.live, { timeout: 2_000, interval: 5 }).toBe(false);
      await expect.poll(() => test.changes.live, { timeout: 10_000, interval: 50 }).toBe(true);
      expect(test.changes.generation).toBeGreaterThanOrEqual(before + 2);
      // And it hears again.
      const heard = test.changes.generation;
      await createCompany(test.db);
      await test.changes.settled();
      expect(test.changes.generation).toBeGreaterThan(heard);
    },
  );
});
