import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter } from '../../adapters/wecom/wecom-adapter.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCase } from '../../test/factories-cases.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers } from '../admin/admin.test-helpers.ts';
import { backoffMs } from '../reminders/index.ts';
import { announce } from './index.ts';

/*
 * The back office's WeCom group robots (issue 50 point 4): the admin connects a webhook (kept sealed, shown
 * masked) and picks events; a case's event posts to the group through the durable queue, against the fake WeCom
 * speaking the webhook protocol, retried with the queue's backoff, never with a full phone or ID number.
 */
type Robot = {
  id: number;
  name: string;
  team_id: number | null;
  team_name: string;
  webhook: string;
  events: string[];
  is_active: boolean;
  last_error: string;
};
const KEY = '693a91f6-7aaa-4bc4-97a0-0ec2af5a1234';
const OTHER_KEY = 'b7c1d2e3-0000-4bc4-97a0-0ec2af5a9876';
const URL_OF = (key: string) => `https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=${key}`;

let test: TestApp;
let fake: FakeWecomServer;
let callers: BackOfficeCallers;
let corpA: { id: number };
let clock = new Date('2026-11-20T02:00:00Z');
const call = cookieCaller(() => test.app);

beforeAll(async () => {
  fake = await startFakeWecomServer({ corpId: 'ww-robots', secret: 's', robotKeys: [KEY, OTHER_KEY] });
  test = await buildTestApp({
    now: () => clock,
    wecom: createWecomAdapter({ corpId: 'ww-robots', agentId: '1', secret: 's', apiBase: fake.apiBase }),
  });
  corpA = await createCompany(test.db);
  callers = await backOfficeCallers(test, corpA, await createCompany(test.db));
}, 240_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

const save = (cookie: string, form: Record<string, unknown>) =>
  call<Robot>(cookie, 'POST', '/api/admin/robots/save', form);
const list = async (cookie: string) => (await call<{ list: Robot[] }>(cookie, 'GET', '/api/admin/robots')).body;

describe('connecting a robot', () => {
  it('keeps the webhook sealed and shows it masked; an edit with the webhook left blank keeps it', async () => {
    const saved = await save(callers.admin, {
      name: '业务一部群',
      webhook: `  ${URL_OF(KEY)}  `,
      events: ['case-created', 'case-approved', 'case-created'],
    });
    expect(saved.body).toMatchObject({
      code: 0,
      msg: '已保存',
      data: {
        name: '业务一部群',
        team_id: null,
        webhook: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a****1234',
        events: ['case-created', 'case-approved'],
        is_active: true,
      },
    });
    expect(JSON.stringify(await list(callers.admin))).not.toContain(KEY);
    // At rest the key is ciphertext (decision 074); the audit line never holds it.
    const raw = await test.db.execute<{ webhook_key: string }>(
      sql`select webhook_key from team_robots where id = ${saved.body.data.id}`,
    );
    expect(raw.rows[0]?.webhook_key).toMatch(/^v1:/);
    const audit = await test.db.execute<{ row: string }>(
      sql`select row_to_json(a)::text as row from audit_log a where entity = 'team_robot'`,
    );
    expect(audit.rows.map((r) => r.row).join()).not.toContain(KEY);

    const edited = await save(callers.admin, {
      id: saved.body.data.id,
      name: '业务一部群',
      webhook: '',
      events: ['case-disbursed'],
      is_active: false,
    });
    expect(edited.body.data).toMatchObject({
      events: ['case-disbursed'],
      is_active: false,
      webhook: saved.body.data.webhook,
    });
    expect((await call(callers.admin, 'POST', '/api/admin/robots/test', { id: saved.body.data.id })).body).toEqual({
      code: 0,
      msg: '测试消息已发出，请到群里查看',
      data: null,
    });
    expect(fake.robots.posts.at(-1)).toMatchObject({ key: KEY, msgtype: 'markdown' });
    expect((await call(callers.admin, 'POST', '/api/admin/robots/delete', { id: saved.body.data.id })).body.code).toBe(
      0,
    );
    expect((await list(callers.admin)).data.list).toEqual([]);
  });

  it.each([
    [
      {
        name: '群',
        webhook: 'https://example.com/cgi-bin/webhook/send?key=693a91f6-7aaa-4bc4-97a0-0ec2af5a1234',
        events: ['case-created'],
      },
      '请粘贴企业微信群机器人的 Webhook 地址',
    ],
    [{ name: '群', webhook: '', events: ['case-created'] }, '请粘贴企业微信群机器人的 Webhook 地址'],
    [{ name: '群', webhook: KEY, events: [] }, '请至少选一个通知事件'],
    [{ name: '群', webhook: KEY, events: ['case-deleted'] }, '通知事件无效'],
    [{ name: '', webhook: KEY, events: ['case-created'] }, '请填写名称'],
  ])('refuses %j', async (form, message) => {
    const answer = await save(callers.admin, form);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.msg).toBe(message);
  });

  it('says so when WeCom refuses the test message (a robot removed from its group)', async () => {
    const saved = await save(callers.admin, {
      name: '旧群',
      webhook: 'c0ffee00-dead-4bc4-97a0-0ec2af5a0000',
      events: ['pool-claimed'],
    });
    const tested = await call(callers.admin, 'POST', '/api/admin/robots/test', { id: saved.body.data.id });
    expect(tested.body).toMatchObject({
      code: 1,
      msg: '企业微信未接受测试消息（93000 invalid webhook url），请检查 Webhook 地址',
    });
    expect((await list(callers.admin)).data.list.find((r) => r.id === saved.body.data.id)?.last_error).toBe(
      '93000 invalid webhook url',
    );
    await call(callers.admin, 'POST', '/api/admin/robots/delete', { id: saved.body.data.id });
  });

  it('another company’s admin, a salesperson and the platform operator cannot see or touch A’s robots', async () => {
    const saved = await save(callers.admin, { name: 'A群', webhook: KEY, events: ['case-created'] });
    const id = saved.body.data.id;
    expect((await list(callers.otherAdmin)).data.list).toEqual([]);
    for (const [url, form] of [
      ['/api/admin/robots/save', { id, name: '改', webhook: '', events: ['case-created'] }],
      ['/api/admin/robots/delete', { id }],
      ['/api/admin/robots/test', { id }],
    ] as const) {
      expect((await call(callers.otherAdmin, 'POST', url, form)).body).toMatchObject({
        code: 404,
        msg: '群机器人不存在',
      });
      expect((await call(callers.plain, 'POST', url, form)).body.code).not.toBe(0);
    }
    expect((await call(callers.plain, 'GET', '/api/admin/robots')).body.code).not.toBe(0);
    expect((await call(callers.platform, 'GET', '/api/admin/robots')).body.code).not.toBe(0);
    // A team of another company is refused.
    const bTeam = await createTeam(test.db, (await createCompany(test.db)).id);
    expect(
      (await save(callers.admin, { name: 'x', webhook: KEY, events: ['case-created'], team_id: bTeam.id })).body,
    ).toMatchObject({
      code: 1,
      msg: '团队不存在',
    });
    expect((await list(callers.admin)).data.list.map((r) => r.name)).toEqual(['A群']);
    await call(callers.admin, 'POST', '/api/admin/robots/delete', { id });
  });
});

describe('an event’s post', () => {
  it('goes through the queue: refused twice by WeCom, retried after the backoff, posted once, masked', async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const otherTeam = await createTeam(test.db, corp.id);
    const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '李组长' });
    const leaderCookie = await staffCookie(test, leader);
    const adminCookie = await staffCookie(test, await createAdmin(test.db, corp.id, { name: 'C管理员' }));
    const teamRobot = await save(adminCookie, {
      name: '一部群',
      webhook: KEY,
      team_id: team.id,
      events: ['case-approved'],
    });
    await save(adminCookie, { name: '二部群', webhook: OTHER_KEY, team_id: otherTeam.id, events: ['case-approved'] });
    expect(teamRobot.body.code).toBe(0);
    const c = await createCase(test.db, leader, { status: 3, name: '王美玲', amountFen: 50_000_000 });
    const before = fake.robots.posts.length;
    fake.robots.failNext(2);

    const moved = await call(leaderCookie, 'POST', '/api/crm/updateClientStatus', { id: c.id, status: 5 });
    expect(moved.body.code).toBe(0);
    await test.app.drainJobs();
    expect(fake.robots.posts.length).toBe(before);
    // Not due again before the backoff has passed.
    clock = new Date(clock.getTime() + backoffMs(1) - 1000);
    await test.app.drainJobs();
    clock = new Date(clock.getTime() + 1000);
    await test.app.drainJobs();
    expect(fake.robots.posts.length).toBe(before);
    expect((await list(adminCookie)).data.list.find((r) => r.name === '一部群')?.last_error).toBe('-1 system busy');
    clock = new Date(clock.getTime() + backoffMs(2));
    await test.app.drainJobs();
    clock = new Date(clock.getTime() + backoffMs(3));
    await test.app.drainJobs();
    // Only the case's team's robot heard it, once.
    expect(fake.robots.posts.slice(before)).toEqual([
      { key: KEY, msgtype: 'markdown', content: '**审批通过**\n> 客户：王**\n> 金额：50 万元\n> 办理人：李组长' },
    ]);
    expect((await list(adminCookie)).data.list.find((r) => r.name === '一部群')?.last_error).toBe('');
  });

  it('masks a phone or an ID number that slipped into a fact', async () => {
    const corp = await createCompany(test.db);
    const adminCookie = await staffCookie(test, await createAdmin(test.db, corp.id));
    await save(adminCookie, { name: '全公司', webhook: KEY, events: ['case-created'] });
    const before = fake.robots.posts.length;
    const queued = await test.db.transaction((tx) =>
      announce(tx, {
        corpId: corp.id,
        teamId: null,
        event: 'case-created',
        eventKey: 'slip',
        facts: [['客户', '13812345678 身份证 110101199003074518']],
        at: clock,
      }),
    );
    expect(queued).toBe(1);
    await test.app.drainJobs();
    const posted = fake.robots.posts
      .slice(before)
      .map((p) => p.content)
      .join();
    expect(posted).toBe('**新进件**\n> 客户：138****5678 身份证 110101********4518');
    expect(posted).not.toMatch(/\d{11}/);
  });
});
