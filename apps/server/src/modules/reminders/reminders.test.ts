import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWecomAdapter, WecomError, type TextCardMessage } from '../../adapters/wecom/index.ts';
import { jobs } from '../../db/schema/reminders.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCase } from '../../test/factories-cases.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { postForm } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { moveCaseBySigning, openFollowUp } from '../cases/index.ts';
import { backoffMs, createRemindersRepository, createRemindersService } from './index.ts';

/*
 * The WeCom reminders of decision 058 on the default database: each event queues one card for the person
 * concerned, the worker sends it through the adapter, a failure comes back after the backoff, and an open
 * follow-up past its time goes up to the leader. Two workers and a crash: reminders.race.test.ts.
 */

const clock = new Date('2026-11-21T08:00:00Z');
const at = (iso: string) => clock.setTime(Date.parse(iso));
let test: TestApp;
let failNext = 0;
const demo = createDemoWecomAdapter();
const sends: TextCardMessage[] = [];
// The demo adapter behind a switch that makes the next sends fail as WeCom does when busy.
const wecom = {
  ...demo,
  async sendTextCard(message: TextCardMessage) {
    if (failNext > 0) {
      failNext -= 1;
      throw new WecomError({ reason: 'api', errcode: -1, errmsg: 'system busy' });
    }
    sends.push(message);
    return demo.sendTextCard(message);
  },
};
let worker: ReturnType<typeof createRemindersService>;
let world: {
  corpId: number;
  owner: { id: number; corpId: number; teamId: number | null };
  leader: { id: number };
  cookies: { owner: string; leader: string; other: string };
};

beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date(clock), wecom });
  worker = createRemindersService({
    repo: createRemindersRepository(test.db),
    wecom,
    now: () => new Date(clock),
    publicUrl: 'https://crm.example.com',
    escalateAfterMs: 24 * 3600_000,
    openFollowUp: (corpId, id) => openFollowUp(test.db, corpId, id),
  });
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id, wxworkId: 'wang.xiaoming' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, wxworkId: 'li.leader' });
  const other = await createStaff(test.db, corp.id, { teamId: team.id });
  world = {
    corpId: corp.id,
    owner,
    leader,
    cookies: {
      owner: await staffCookie(test, owner),
      leader: await staffCookie(test, leader),
      other: await staffCookie(test, other),
    },
  };
});
afterAll(() => test.close());

/** Sends whatever earlier tests left due by now, so a test counts only its own cards. */
const flush = async () => {
  while ((await worker.drainOnce()) > 0);
};
const jobsOf = (kind: string) =>
  test.db
    .select()
    .from(jobs)
    .where(eq(jobs.kind, kind))
    .then((rows) => rows.filter((row) => row.corpId === world.corpId));
const messageLog = async (cookie: string) =>
  (await test.app.inject({ method: 'GET', url: '/api/crm/messageLog', headers: { cookie } })).json<{
    code: number;
    data: { list: { title: string; description: string; path: string; kind: string }[] };
  }>();

/** The owner appeals a new case of this name and the leader decides the appeal. */
async function decideAppealOfNewCase(name: string, reason: string, decision: Record<string, string>) {
  const c = await createCase(test.db, world.owner, { name, status: 2 });
  const appeal = await postForm(
    test.app,
    '/api/crm/addAppeal',
    { client_id: c.id, reason },
    { cookie: world.cookies.owner },
  );
  const appealId = appeal.json<{ data: { id: number } }>().data.id;
  await postForm(test.app, '/api/crm/auditAppeal', { id: appealId, ...decision }, { cookie: world.cookies.leader });
}

describe('a follow-up falling due', () => {
  it('sends the salesperson a text card at its time, once, and the leader one a day later if still open', async () => {
    at('2026-11-21T08:00:00Z');
    const c = await createCase(test.db, world.owner, { name: '周晓雨' });
    const added = await postForm(
      test.app,
      '/api/crm/mortgageUser',
      { client_id: c.id, note: '问问银行流水', next_contact_at: '2026-11-21T10:00:00Z' },
      { cookie: world.cookies.owner },
    );
    expect(added.json<{ code: number }>().code).toBe(0);
    sends.length = 0;
    // Not yet due: nothing goes out.
    await worker.drainOnce();
    expect(sends).toEqual([]);

    at('2026-11-21T10:00:05Z');
    await worker.drainOnce();
    await worker.drainOnce();
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({
      toUserId: 'wang.xiaoming',
      title: '跟进提醒',
      description: '客户 周晓雨 该跟进了：问问银行流水',
    });
    expect(sends[0]?.url).toMatch(
      new RegExp(`^https://crm\\.example\\.com/business/pendingDetail/${c.id}\\?from=wecom&m=\\d+$`),
    );

    // 23 hours late: not yet escalated; 24 hours: the leader gets one card.
    at('2026-11-22T09:00:00Z');
    await worker.drainOnce();
    expect(sends).toHaveLength(1);
    at('2026-11-22T10:00:01Z');
    await worker.drainOnce();
    await worker.drainOnce();
    expect(sends).toHaveLength(2);
    expect(sends[1]).toMatchObject({ toUserId: 'li.leader', title: '跟进逾期' });
    expect(sends[1]?.description).toContain('周晓雨');

    const log = await messageLog(world.cookies.owner);
    expect(log.data.list.map((m) => m.title)).toContain('跟进提醒');
    expect((await messageLog(world.cookies.leader)).data.list.map((m) => m.title)).toContain('跟进逾期');
  });

  it('sends nothing for a follow-up done (replaced by a newer one) before its time', async () => {
    at('2026-11-23T08:00:00Z');
    const c = await createCase(test.db, world.owner, { name: '孙一鸣' });
    const add = (note: string, when: string) =>
      postForm(
        test.app,
        '/api/crm/mortgageUser',
        { client_id: c.id, note, next_contact_at: when },
        { cookie: world.cookies.owner },
      );
    await add('第一次', '2026-11-23T09:00:00Z');
    await add('改到下午', '2026-11-23T15:00:00Z');
    sends.length = 0;
    at('2026-11-23T09:30:00Z');
    await worker.drainOnce();
    expect(sends).toEqual([]);
    const skipped = (await jobsOf('followup-due')).filter((job) => job.payload.description.includes('第一次'));
    expect(skipped.map((job) => job.status)).toEqual(['skipped']);
  });
});

describe('the events of other modules', () => {
  it('an appeal decided: the salesperson who appealed gets a card naming the outcome', async () => {
    at('2026-11-24T08:00:00Z');
    await flush();
    await decideAppealOfNewCase('钱多多', '资料已补', { result: 'refused', reason: '流水不足' });
    sends.length = 0;
    await worker.drainOnce();
    expect(sends).toEqual([
      expect.objectContaining({
        toUserId: 'wang.xiaoming',
        title: '申诉被驳回',
        description: '客户 钱多多 的申诉被驳回：流水不足',
      }),
    ]);
  });

  it('a case moved by the signing centre: the owner gets one card, however often the event is queued', async () => {
    at('2026-11-24T09:00:00Z');
    await flush();
    const c = await createCase(test.db, world.owner, { name: '赵签约' });
    await test.db.transaction((tx) =>
      moveCaseBySigning(tx, {
        corpId: world.corpId,
        clientId: c.id,
        to: 3,
        actorId: world.leader.id,
        note: '已签',
        at: new Date(clock),
      }),
    );
    const [queued] = (await jobsOf('case-moved')).filter((job) => job.payload.description.includes('赵签约'));
    expect(queued?.payload).toMatchObject({ title: '签约中心已处理报单', path: `/business/detail/${c.id}` });
    // The same event queued again (a replayed outbox write) is a no-op.
    const repo = createRemindersRepository(test.db);
    const again = await repo.insertJob({
      corpId: world.corpId,
      kind: 'case-moved',
      eventKey: (queued?.dedupeKey ?? '').replace('case-moved:', ''),
      recipientId: world.owner.id,
      card: { title: 'x', description: 'x', path: '/' },
      runAt: new Date(clock),
      createdAt: new Date(clock),
    });
    expect(again).toBe(false);
    sends.length = 0;
    await worker.drainOnce();
    await worker.drainOnce();
    expect(sends.map((s) => s.description)).toEqual(['客户 赵签约 的报单已转为「审批中」：已签']);
  });
});

describe('a failed send', () => {
  it('goes back to the queue with a backoff and is sent on a later pass, once', async () => {
    at('2026-11-25T08:00:00Z');
    await flush();
    await decideAppealOfNewCase('重试客户', '再看看', { result: 'approved' });
    sends.length = 0;
    failNext = 1;
    await worker.drainOnce();
    const [job] = (await jobsOf('appeal-decided')).filter((row) => row.payload.description.includes('重试客户'));
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: '-1 system busy' });
    expect(job?.runAt.toISOString()).toBe(new Date(Date.parse('2026-11-25T08:00:00Z') + backoffMs(1)).toISOString());
    // Before the backoff ran out: still waiting.
    at('2026-11-25T08:00:20Z');
    await worker.drainOnce();
    expect(sends).toEqual([]);
    at('2026-11-25T08:00:31Z');
    await worker.drainOnce();
    expect(sends.map((s) => s.title)).toEqual(['申诉已通过']);
  });
});

describe('GET /api/crm/messageLog', () => {
  it('shows a person only their own cards, and takes a bad cursor as the first page', async () => {
    const other = await messageLog(world.cookies.other);
    expect(other).toMatchObject({ code: 0, data: { list: [] } });
    const bad = await test.app.inject({
      method: 'GET',
      url: '/api/crm/messageLog?cursor=abc',
      headers: { cookie: world.cookies.owner },
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json<{ code: number }>().code).not.toBe(0);
  });

  it('needs a staff session', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/crm/messageLog' })).statusCode).toBe(401);
  });
});
