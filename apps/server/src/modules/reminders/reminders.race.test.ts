import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter, type TextCardMessage, type WecomAdapter } from '../../adapters/wecom/index.ts';
import { loadConfig } from '../../config.ts';
import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { jobs } from '../../db/schema/reminders.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createScratchDatabase } from '../../test/pg-admin.ts';
import { createRemindersRepository, createRemindersService, LEASE_MS } from './index.ts';

/*
 * "Sent once across two server processes and a restart" (decision 058). On PostgreSQL (DATABASE_URL) two
 * workers, each with its own connection pool as two server processes would have, drain one queue at once:
 * FOR UPDATE SKIP LOCKED gives each job to one of them, so WeCom is asked to send each card once. A worker
 * that dies after WeCom took its card but before it marked the job done leaves the lease to run out; the
 * other worker then sends it again, and WeCom's duplicate check (the same card) shows it once. A restart
 * stops both loops mid-queue (each finishes its pass) and a process started later, on its own pool, sends
 * the rest: 200 cards, each once (220 without SKIP LOCKED, measured 2026-11-27). Without a
 * DATABASE_URL the same tests run on PGlite, one query at a time, where they prove less.
 */

const CORP_ID = 'ww-race-corp';
const SECRET = 'race-secret';
const clock = new Date('2026-11-21T08:00:00Z');
let fake: FakeWecomServer;
let first: Database;
let second: Database;
let dropDatabase: () => Promise<void> = async () => undefined;
/** The throwaway PostgreSQL database, for a process started later (none on PGlite). */
let targetUrl: string | null = null;
let corpId = 0;
let people: { id: number; wxworkId: string | null }[] = [];

/** A throwaway database with two pools on it (two "processes"), or one PGlite used twice. */
async function openTwoPools() {
  const config = loadConfig({ NODE_ENV: 'test', WEB_DIST: '/nonexistent' });
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openPglite(null);
    await database.migrate(config.migrationsFolder);
    return [database, database] as const;
  }
  const scratch = await createScratchDatabase(url, 'crm_race');
  targetUrl = scratch.url;
  const a = await openPostgres(scratch.url, 4);
  await a.migrate(config.migrationsFolder);
  const b = await openPostgres(scratch.url, 4);
  dropDatabase = scratch.drop;
  return [a, b] as const;
}

const workerOn = (database: Database, wecom: WecomAdapter) =>
  createRemindersService({
    repo: createRemindersRepository(database.db),
    wecom,
    now: () => new Date(clock),
    publicUrl: 'https://crm.example.com',
    escalateAfterMs: 3600_000,
    openFollowUp: async () => undefined,
  });
const realAdapter = () =>
  createWecomAdapter({
    corpId: CORP_ID,
    agentId: '1000002',
    secret: SECRET,
    apiBase: fake.apiBase,
    now: () => clock.getTime(),
  });
const sendRequests = () => fake.requests.filter((r) => r.path === '/cgi-bin/message/send').length;

beforeAll(async () => {
  fake = await startFakeWecomServer({ corpId: CORP_ID, secret: SECRET });
  [first, second] = await openTwoPools();
  corpId = (await createCompany(first.db)).id;
  people = [];
  for (let i = 0; i < 5; i += 1) people.push(await createStaff(first.db, corpId, { wxworkId: `member-${i}` }));
});
afterAll(async () => {
  await fake.close();
  await first.close();
  if (second !== first) await second.close();
  await dropDatabase();
});

async function enqueue(n: number, prefix: string) {
  const repo = createRemindersRepository(first.db);
  for (let i = 0; i < n; i += 1) {
    await repo.insertJob({
      corpId,
      kind: 'appeal-decided',
      eventKey: `${prefix}-${i}`,
      recipientId: people[i % people.length]?.id ?? null,
      card: { title: '申诉已通过', description: `${prefix} 第 ${i} 条`, path: `/business/detail/${i + 1}` },
      runAt: new Date(clock),
      createdAt: new Date(clock),
    });
  }
}

describe('the reminder queue across two server processes', () => {
  it('two workers draining one queue at once ask WeCom to send each card exactly once', async () => {
    await enqueue(40, 'burst');
    const before = sendRequests();
    const a = workerOn(first, realAdapter());
    const b = workerOn(second, realAdapter());
    const drain = async (worker: typeof a) => {
      let claimed = 0;
      for (let n = await worker.drainOnce(3); n > 0; n = await worker.drainOnce(3)) claimed += n;
      return claimed;
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b), drain(a), drain(b)]).then(([x, y, z, w]) => [
      x + z,
      y + w,
    ]);
    expect((byA ?? 0) + (byB ?? 0)).toBe(40);
    expect(sendRequests() - before).toBe(40);
    const shown = fake.inbox.messages.filter((m) => JSON.stringify(m).includes('burst '));
    expect(shown).toHaveLength(40);
    expect(new Set(shown.map((m) => JSON.stringify(m))).size).toBe(40);
    const rows = (await first.db.select().from(jobs).where(eq(jobs.corpId, corpId))).filter((j) =>
      j.dedupeKey.includes('burst-'),
    );
    expect(rows.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });

  it('one event enqueued by two requests at once is queued once', async () => {
    const repo1 = createRemindersRepository(first.db);
    const repo2 = createRemindersRepository(second.db);
    const job = {
      corpId,
      kind: 'proof-rejected' as const,
      eventKey: 'twin-1',
      recipientId: people[0]?.id ?? null,
      card: { title: '凭证被驳回', description: '双份', path: '/business/proof' },
      // Due long after this file's other tests: they count only their own jobs.
      runAt: new Date(clock.getTime() + 365 * 86_400_000),
      createdAt: new Date(clock),
    };
    const results = await Promise.all([repo1.insertJob(job), repo2.insertJob(job), repo1.insertJob(job)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('a worker killed after WeCom took the card: the job is taken again once the lease runs out, and shown once', async () => {
    await enqueue(1, 'crash');
    const before = sendRequests();
    // Worker A's process dies right after WeCom answered: its send never returns to mark the job done.
    const real = realAdapter();
    const dying: WecomAdapter = {
      ...real,
      sendTextCard: async (message: TextCardMessage) => {
        await real.sendTextCard(message);
        return new Promise<string>(() => undefined);
      },
    };
    void workerOn(first, dying).drainOnce();
    await expect.poll(() => sendRequests() - before).toBe(1);

    const b = workerOn(second, realAdapter());
    // Within the lease the job stays A's: B finds nothing to do ("restart" of the process, same time).
    clock.setTime(clock.getTime() + LEASE_MS - 1000);
    expect(await b.drainOnce()).toBe(0);
    clock.setTime(clock.getTime() + 2000);
    expect(await b.drainOnce()).toBe(1);

    expect(sendRequests() - before).toBe(2);
    expect(fake.inbox.messages.filter((m) => JSON.stringify(m).includes('crash '))).toHaveLength(1);
    const [row] = (await first.db.select().from(jobs).where(eq(jobs.corpId, corpId))).filter((j) =>
      j.dedupeKey.includes('crash-'),
    );
    expect(row).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('a restart: both loops stopped mid-queue, a process started afterwards on its own pool sends the rest, each once', async () => {
    await enqueue(200, 'restart');
    const before = sendRequests();
    // WeCom answering in a few milliseconds, as it does: the queue takes a while to drain.
    const slow = (): WecomAdapter => {
      const real = realAdapter();
      return {
        ...real,
        sendTextCard: async (message: TextCardMessage) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          return real.sendTextCard(message);
        },
      };
    };
    const stopA = workerOn(first, slow()).start(10);
    const stopB = workerOn(second, slow()).start(10);
    await expect.poll(() => sendRequests() - before).toBeGreaterThan(0);
    // The deploy stops both processes; each finishes the pass under way.
    await Promise.all([stopA(), stopB()]);
    const sentBefore = sendRequests() - before;
    expect(sentBefore).toBeGreaterThan(0);
    expect(sentBefore).toBeLessThan(200);
    const stranded = (await first.db.select().from(jobs).where(eq(jobs.corpId, corpId))).filter(
      (j) => j.dedupeKey.includes('restart-') && j.status === 'running',
    );
    expect(stranded).toEqual([]);

    // The new process: its own connection pool on PostgreSQL.
    const restarted = targetUrl ? await openPostgres(targetUrl, 2) : first;
    try {
      const worker = workerOn(restarted, realAdapter());
      while ((await worker.drainOnce(7)) > 0);
    } finally {
      if (restarted !== first) await restarted.close();
    }
    expect(sendRequests() - before).toBe(200);
    const shown = fake.inbox.messages.filter((m) => JSON.stringify(m).includes('restart '));
    expect(new Set(shown.map((m) => JSON.stringify(m))).size).toBe(200);
    expect(shown).toHaveLength(200);
    const rows = (await first.db.select().from(jobs).where(eq(jobs.corpId, corpId))).filter((j) =>
      j.dedupeKey.includes('restart-'),
    );
    expect(rows.every((j) => j.status === 'done' && j.attempts === 1)).toBe(true);
  });
});
