import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseEvents, clients, followUps } from '../../db/schema/cases.ts';
import {
  houseBrokerageUsers,
  houseChannels,
  houseClients,
  houseOwnerEvents,
  houseRecommends,
} from '../../db/schema/house.ts';
import { moneyRecords } from '../../db/schema/money.ts';
import { outsideInvites, outsidePartners } from '../../db/schema/outside.ts';
import { signTaskEvents, signTasks } from '../../db/schema/sign.ts';
import { staff } from '../../db/schema/staff.ts';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { createWecomAdapter } from '../../adapters/wecom/wecom-adapter.ts';
import { readSheet, XLSX_CONTENT_TYPE } from '../adminio/xlsx.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff, createTeam, insertRow } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { createBrokerageUser, createChannel, createHouseClient, createSignTask } from '../../test/factories-house.ts';
import { createPartner } from '../../test/factories-outside.ts';
import { getForBody, postForm, type Envelope } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';
import type { HandoverAnswer } from '@crm/domain/api/handover';

/*
 * The handover of a staff member (decision 066) as the back office sees it: everything the person holds moves
 * to a colleague (or the cases to the pool) in one step, with events; the person is disabled and signed out;
 * their WeCom contacts go through WeCom's transfer (the real adapter against the fake WeCom server); the
 * answer and the XLSX report count what moved and list what did not. Bad input and every caller who must not
 * hand over (another company, a plain member, a partner, an agent, a visitor) are tried.
 */

const at = new Date('2026-12-01T02:00:00Z');
let test: TestApp;
let fake: FakeWecomServer;

beforeAll(async () => {
  fake = await startFakeWecomServer({
    corpId: 'wwhandover',
    secret: 'handover-secret',
    transfer: { follows: { 'wang-wx': ['wmCust0001', 'wmCust0002'] }, resigned: { 'gone-wx': ['wmLeft0001'] } },
  });
  const wecom = createWecomAdapter({
    corpId: 'wwhandover',
    agentId: '1000002',
    secret: 'handover-secret',
    apiBase: fake.apiBase,
  });
  test = await buildTestApp({ now: () => at, wecom });
});
afterAll(async () => {
  await test.close();
  await fake.close();
});

const post = async <T = HandoverAnswer>(cookie: string, url: string, fields: Record<string, string | number>) => {
  const response = await postForm(test.app, url, fields, { cookie });
  return { status: response.statusCode, body: response.json<Envelope<T>>() };
};
const handover = (cookie: string, fields: Record<string, string | number>) =>
  post(cookie, '/api/admin/handover', fields);

async function company() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const otherTeam = await createTeam(test.db, corp.id);
  const admin = await createAdmin(test.db, corp.id, { name: '何管理' });
  return { corp, team, otherTeam, admin, adminCookie: await staffCookie(test, admin) };
}

describe('POST /api/admin/handover', () => {
  it('hands cases, follow-ups, repayments, signing tasks, partners, home loans and WeCom contacts to a colleague, disables and signs out', async () => {
    const { corp, team, otherTeam, admin, adminCookie } = await company();
    const wang = await createStaff(test.db, corp.id, { teamId: team.id, name: '王小明', wxworkId: 'wang-wx' });
    const li = await createStaff(test.db, corp.id, {
      teamId: otherTeam.id,
      name: '李四',
      wxworkId: 'li-wx',
      jobs: [2],
    });
    const one = await createCase(test.db, wang, { name: '陈一', phone: '13711110001' });
    const two = await createCase(test.db, wang, { name: '陈二', phone: '13711110002' });
    const pooled = await createCase(test.db, wang, { name: '陈三', phone: '13711110003', pooledAt: at });
    const later = new Date('2026-12-05T02:00:00Z');
    await insertRow(
      test.db,
      followUps,
      { corpId: corp.id, clientId: one.id, staffId: wang.id, note: '回访', nextContactAt: later },
      'f',
    );
    await insertRow(
      test.db,
      followUps,
      { corpId: corp.id, clientId: two.id, staffId: wang.id, note: '回访', nextContactAt: later },
      'f',
    );
    // 李四 already has his own next step on case two: 王小明's is closed (one open follow-up per person and case).
    await insertRow(
      test.db,
      followUps,
      { corpId: corp.id, clientId: two.id, staffId: li.id, note: '已约', nextContactAt: later },
      'f',
    );
    await insertRow(
      test.db,
      moneyRecords,
      {
        corpId: corp.id,
        clientId: one.id,
        amountFen: 128_050,
        paidOn: '2026-11-30',
        method: 3,
        createdBy: wang.id,
        idempotencyKey: `k-${one.id}`,
      },
      'money',
    );
    const task = await createSignTask(
      test.db,
      corp.id,
      { clientId: one.id },
      { signerId: wang.id, status: 'taken', takenAt: at },
    );
    const partner = await createPartner(test.db, wang, { name: '张伙伴' });
    await test.db.insert(outsideInvites).values({ code: `H${wang.id}X`, corpId: corp.id, staffId: wang.id });
    const channel = await createChannel(test.db, corp.id, wang.id, { name: '链家静安寺店' });
    const agent = await createBrokerageUser(test.db, corp.id, wang.id, { channelId: channel.id, phone: '13900005555' });
    const house = await createHouseClient(test.db, corp.id, wang.id, { teamId: team.id, name: '沈家豪' });
    await insertRow(
      test.db,
      houseRecommends,
      { corpId: corp.id, staffId: wang.id, name: '推荐人', phone: '13900006666' },
      'r',
    );
    const wangCookie = await staffCookie(test, wang);
    const wangPhone = await staffCookie(test, wang);
    expect((await post(wangCookie, '/api/crm/userinfo', { id: wang.id })).status).toBe(200);

    const answer = await handover(adminCookie, { from_id: wang.id, to_id: li.id, disable: 'true' });
    expect(answer.body).toMatchObject({ code: 0, msg: '已交接' });
    const data = answer.body.data;
    expect(data).toMatchObject({
      from: { id: wang.id, name: '王小明' },
      to: { id: li.id, name: '李四' },
      to_pool: false,
      disabled: true,
      signed_out: 2,
      moved: {
        cases: 2,
        pooled_cases: 0,
        follow_ups: 1,
        repayments: 1,
        sign_tasks: 1,
        partners: 1,
        house_clients: 1,
        house_channels: 1,
        brokerage_users: 1,
        house_recommends: 1,
        wecom_contacts: 2,
      },
      wecom: { mode: 'employed' },
    });
    expect(data.unmoved).toEqual([
      { kind: 'follow_ups', kind_label: '待跟进', name: '陈二', reason: '报单未随交接转给接手人，跟进已关闭' },
    ]);
    expect(data.wecom.contacts.map((c) => [c.external_userid, c.errcode, c.status_label])).toEqual([
      ['wmCust0001', 0, '已发起，等待企业微信确认'],
      ['wmCust0002', 0, '已发起，等待企业微信确认'],
    ]);
    // WeCom was asked 在职继承 for both of 王小明's contacts, to 李四, with the message to the customers.
    const asked = fake.transfer.transfers.at(-1);
    expect(asked?.path).toBe('/cgi-bin/externalcontact/transfer_customer');
    expect(asked?.body).toMatchObject({
      handover_userid: 'wang-wx',
      takeover_userid: 'li-wx',
      external_userid: ['wmCust0001', 'wmCust0002'],
    });

    // The cases are 李四's (with his team), each with an event naming who moved it and why; the pool case stays.
    const rows = await test.db.select().from(clients).where(eq(clients.corpId, corp.id)).orderBy(clients.id);
    expect(rows.map((c) => [c.id, c.ownerId, c.teamId])).toEqual([
      [one.id, li.id, otherTeam.id],
      [two.id, li.id, otherTeam.id],
      [pooled.id, wang.id, team.id],
    ]);
    const events = await test.db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.corpId, corp.id), eq(caseEvents.kind, 'reassigned')));
    expect(events.map((e) => [e.clientId, e.staffId, e.reason])).toEqual([
      [one.id, admin.id, '离职交接：王小明 → 李四'],
      [two.id, admin.id, '离职交接：王小明 → 李四'],
    ]);
    const open = await test.db.select().from(followUps).where(eq(followUps.corpId, corp.id)).orderBy(followUps.id);
    expect(open.map((f) => [f.clientId, f.staffId, f.doneAt === null])).toEqual([
      [one.id, li.id, true],
      [two.id, wang.id, false],
      [two.id, li.id, true],
    ]);
    const [signTask] = await test.db.select().from(signTasks).where(eq(signTasks.id, task.id));
    expect(signTask).toMatchObject({ signerId: li.id, status: 'taken' });
    const [signEvent] = await test.db.select().from(signTaskEvents).where(eq(signTaskEvents.taskId, task.id));
    expect(signEvent).toMatchObject({ actorId: admin.id, reason: '交接给李四' });
    expect((await test.db.select().from(outsidePartners).where(eq(outsidePartners.id, partner.id)))[0]?.staffId).toBe(
      li.id,
    );
    // 李四 had no invite code: 王小明's shared link now lands in 李四's network.
    expect(
      (
        await test.db
          .select()
          .from(outsideInvites)
          .where(eq(outsideInvites.code, `H${wang.id}X`))
      )[0]?.staffId,
    ).toBe(li.id);
    expect((await test.db.select().from(houseClients).where(eq(houseClients.id, house.id)))[0]).toMatchObject({
      ownerId: li.id,
      teamId: otherTeam.id,
    });
    expect((await test.db.select().from(houseChannels).where(eq(houseChannels.id, channel.id)))[0]?.ownerId).toBe(
      li.id,
    );
    expect(
      (await test.db.select().from(houseBrokerageUsers).where(eq(houseBrokerageUsers.id, agent.id)))[0]?.ownerId,
    ).toBe(li.id);
    const houseEvents = await test.db.select().from(houseOwnerEvents).where(eq(houseOwnerEvents.corpId, corp.id));
    expect(houseEvents.map((e) => [e.subject, e.fromStaffId, e.toStaffId, e.actorId])).toEqual([
      ['client', wang.id, li.id, admin.id],
      ['channel', wang.id, li.id, admin.id],
    ]);

    // Disabled, and signed out on every device at once.
    expect((await test.db.select().from(staff).where(eq(staff.id, wang.id)))[0]?.isActive).toBe(false);
    expect((await post(wangCookie, '/api/crm/userinfo', { id: wang.id })).status).toBe(401);
    expect((await post(wangPhone, '/api/crm/userinfo', { id: wang.id })).status).toBe(401);
    // 李四 sees the moved case now.
    const liCookie = await staffCookie(test, li);
    const detail = await getForBody<Envelope>(test.app, '/api/crm/detail', { id: one.id }, { cookie: liCookie });
    expect(detail.body.code).toBe(0);

    // WeCom's takeover state, polled: one taken over, one refused by the customer.
    fake.transfer.setStatus('wmCust0001', 1);
    fake.transfer.setStatus('wmCust0002', 3);
    const polled = await post(adminCookie, '/api/admin/handoverResult', { id: data.id });
    expect(polled.body.data.wecom.contacts.map((c) => c.status_label)).toEqual(['接替完毕', '客户拒绝']);

    // The report: the same counts and reasons, as an XLSX file.
    const report = await test.app.inject({
      method: 'GET',
      url: `/api/admin/handoverReport?id=${data.id}`,
      headers: { cookie: adminCookie },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(report.headers['content-disposition']).toBe(`attachment; filename="handover-${data.id}.xlsx"`);
    const sheet = await readSheet(report.rawPayload, 4, 100);
    if (sheet === 'too-many') throw new Error('too many rows');
    expect(sheet.header).toEqual(['类别', '对象', '数量', '说明']);
    const cells = sheet.rows.map((r) => r.cells);
    expect(cells[0]?.slice(0, 2)).toEqual(['交接报告', `王小明 → 李四，2026-12-01 02:00`]);
    expect(cells).toContainEqual(['分期报单', '', '2', '已转移']);
    expect(cells).toContainEqual(['企业微信客户', '', '2', '已转移']);
    expect(cells).toContainEqual(['待跟进', '陈二', '', '报单未随交接转给接手人，跟进已关闭']);
    expect(cells).toContainEqual(['企业微信客户', 'wmCust0002', '', '企业微信：客户拒绝']);
  });

  it('to the pool: cases go to the pool with their events, follow-ups close, what has no pool stays and is listed', async () => {
    const { corp, team, admin, adminCookie } = await company();
    const zhao = await createStaff(test.db, corp.id, { teamId: team.id, name: '赵五' });
    const c = await createCase(test.db, zhao, { name: '孙一', phone: '13722220001' });
    await insertRow(
      test.db,
      followUps,
      { corpId: corp.id, clientId: c.id, staffId: zhao.id, note: '回访', nextContactAt: at },
      'f',
    );
    const task = await createSignTask(
      test.db,
      corp.id,
      { clientId: c.id },
      { signerId: zhao.id, status: 'taken', takenAt: at },
    );
    const house = await createHouseClient(test.db, corp.id, zhao.id, { name: '马俊' });
    const zhaoCookie = await staffCookie(test, zhao);

    const answer = await handover(adminCookie, { from_id: zhao.id, to_pool: 'true' });
    expect(answer.body).toMatchObject({
      code: 0,
      data: {
        to: null,
        to_pool: true,
        disabled: false,
        signed_out: 1,
        moved: { cases: 0, pooled_cases: 1 },
        wecom: { mode: 'none' },
      },
    });
    expect(answer.body.data.unmoved).toEqual([
      { kind: 'follow_ups', kind_label: '待跟进', name: '孙一', reason: '报单退回公海，跟进随之关闭' },
      {
        kind: 'sign_tasks',
        kind_label: '手中的签约任务',
        name: `任务 ${task.id}`,
        reason: '接手人不是签约人员，任务退回任务中心',
      },
      { kind: 'house_clients', kind_label: '房贷客户', name: '马俊', reason: '公海只接收分期报单，请指定接手的同事' },
      {
        kind: 'wecom_contacts',
        kind_label: '企业微信客户',
        name: '',
        reason: '该员工未绑定企业微信，无企业微信客户可转',
      },
    ]);
    const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
    expect(row?.pooledAt?.toISOString()).toBe(at.toISOString());
    expect(row?.poolReason).toBe('离职交接：赵五 的报单退回公海');
    const events = await test.db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.clientId, c.id), eq(caseEvents.kind, 'pooled')));
    expect(events.map((e) => e.staffId)).toEqual([admin.id]);
    expect((await test.db.select().from(signTasks).where(eq(signTasks.id, task.id)))[0]).toMatchObject({
      status: 'open',
      signerId: null,
    });
    expect((await test.db.select().from(houseClients).where(eq(houseClients.id, house.id)))[0]?.ownerId).toBe(zhao.id);
    // Not disabled, but signed out everywhere: the next login starts clean.
    expect((await test.db.select().from(staff).where(eq(staff.id, zhao.id)))[0]?.isActive).toBe(true);
    expect((await post(zhaoCookie, '/api/crm/userinfo', { id: zhao.id })).status).toBe(401);
  });

  it('离职继承 in WeCom: a member WeCom lists as resigned has their waiting contacts assigned through resigned/transfer_customer', async () => {
    const { corp, team, adminCookie } = await company();
    const gone = await createStaff(test.db, corp.id, { teamId: team.id, name: '离职员工', wxworkId: 'gone-wx' });
    const heir = await createStaff(test.db, corp.id, { teamId: team.id, name: '接手人', wxworkId: 'heir-wx' });
    const answer = await handover(adminCookie, { from_id: gone.id, to_id: heir.id, disable: 'true' });
    expect(answer.body.data).toMatchObject({ moved: { wecom_contacts: 1 }, wecom: { mode: 'resigned' } });
    expect(fake.transfer.transfers.at(-1)).toMatchObject({
      path: '/cgi-bin/externalcontact/resigned/transfer_customer',
      body: { handover_userid: 'gone-wx', takeover_userid: 'heir-wx', external_userid: ['wmLeft0001'] },
    });
    const polled = await post(adminCookie, '/api/admin/handoverResult', { id: answer.body.data.id });
    expect(polled.body.data.wecom.contacts).toEqual([
      { external_userid: 'wmLeft0001', errcode: 0, status: 2, status_label: '等待接替' },
    ]);
  });

  it.each([
    [{}, '请选择交接的员工'],
    [{ from_id: 'x', to_pool: 'true' }, '请选择交接的员工'],
    [{ from_id: 1 }, '请选择接手的同事或退回公海'],
    [{ from_id: 1, to_id: 1 }, '不能交接本人'],
    [{ from_id: 1, to_pool: 'perhaps' }, '请选择是否退回公海'],
    [{ from_id: 1, to_pool: 'true', disable: 'maybe' }, '请选择是否停用'],
  ])('refuses bad input %o: %s', async (fields, msg) => {
    const { adminCookie } = await company();
    const answer = await handover(adminCookie, fields);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.msg).toBe(msg);
  });

  it('refuses the admin themselves, a disabled or unknown colleague, and moves nothing', async () => {
    const { corp, team, admin, adminCookie } = await company();
    const from = await createStaff(test.db, corp.id, { teamId: team.id });
    const left = await createStaff(test.db, corp.id, { teamId: team.id, isActive: false });
    const c = await createCase(test.db, from, { phone: '13733330001' });
    const other = await company();
    const stranger = await createStaff(test.db, other.corp.id, {});
    for (const [fields, msg] of [
      [{ from_id: admin.id, to_pool: 'true' }, '不能交接本人'],
      [{ from_id: from.id, to_id: left.id }, '接手的同事不存在或已停用'],
      [{ from_id: from.id, to_id: stranger.id }, '接手的同事不存在或已停用'],
      [{ from_id: stranger.id, to_pool: 'true' }, '员工不存在'],
    ] as const) {
      const answer = await handover(adminCookie, fields);
      expect(answer.body, JSON.stringify(fields)).toMatchObject({ msg });
      expect(answer.body.code).not.toBe(0);
    }
    const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
    expect(row).toMatchObject({ ownerId: from.id, pooledAt: null });
    expect((await test.db.select().from(staff).where(eq(staff.id, stranger.id)))[0]?.isActive).toBe(true);
  });

  it('refuses every caller but the company admin, and another company’s handover is not found', async () => {
    const { corp, team, admin, adminCookie } = await company();
    const from = await createStaff(test.db, corp.id, { teamId: team.id });
    const to = await createStaff(test.db, corp.id, { teamId: team.id });
    const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
    const c = await createCase(test.db, from, { phone: '13744440001' });
    const partner = await createPartner(test.db, admin);
    const channel = await createChannel(test.db, corp.id, admin.id);
    const agent = await createBrokerageUser(test.db, corp.id, admin.id, {
      channelId: channel.id,
      phone: '13900007777',
    });
    const other = await company();
    const callers: [string, string][] = [
      ['leader', await staffCookie(test, leader)],
      ['plain', await staffCookie(test, to)],
      ['partner', await sessionCookie(test, { kind: 'partner', corpId: corp.id, partnerId: partner.id })],
      ['agent', await sessionCookie(test, { kind: 'channel', corpId: corp.id, channelAgentId: agent.id })],
      ['visitor', await sessionCookie(test, { kind: 'visitor', corpId: corp.id, openid: 'o-handover' })],
      ['none', ''],
    ];
    for (const [who, cookie] of callers) {
      const answer = await handover(cookie, { from_id: from.id, to_id: to.id });
      expect([401, 403], who).toContain(answer.status);
      expect(answer.body.code, who).not.toBe(0);
    }
    // Another company's admin: the person is not found in their company.
    const theirs = await handover(other.adminCookie, { from_id: from.id, to_id: to.id });
    expect(theirs.body).toMatchObject({ msg: '员工不存在' });
    expect((await test.db.select().from(clients).where(eq(clients.id, c.id)))[0]?.ownerId).toBe(from.id);

    const done = await handover(adminCookie, { from_id: from.id, to_id: to.id });
    expect(done.body.code).toBe(0);
    const id = done.body.data.id;
    expect((await post(other.adminCookie, '/api/admin/handoverResult', { id })).status).toBe(404);
    const report = await test.app.inject({
      method: 'GET',
      url: `/api/admin/handoverReport?id=${id}`,
      headers: { cookie: other.adminCookie },
    });
    expect(report.statusCode).toBe(404);
    const plain = await test.app.inject({
      method: 'GET',
      url: `/api/admin/handoverReport?id=${id}`,
      headers: { cookie: callers[1]![1] },
    });
    expect(plain.statusCode).toBe(403);
  });
});
