import { eq, sql } from 'drizzle-orm';
import { customerFilings } from '../../db/schema/chatter.ts';
import { CUSTOMER_FILINGS_PII, sealValues } from '../../pii/fields.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import {
  fakeAddContactXml,
  fakeCallbackRequest,
  fakeVerifyRequest,
  type FakeCallbackTarget,
} from '../../adapters/wecom/fake-wecom-contact-way.ts';
import { createWecomAdapter } from '../../adapters/wecom/wecom-adapter.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCase } from '../../test/factories-cases.ts';
import { createAdmin, createCompany, createStaff } from '../../test/factories.ts';
import { cookieCaller } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { backOfficeCallers, type BackOfficeCallers } from '../admin/admin.test-helpers.ts';

/*
 * 渠道活码 (issue 50 point 1): a member's contact-me QR made through add_contact_way on the fake WeCom, WeCom's
 * callback URL checked and decrypted as WeCom specifies, the add event tagging the customer and opening their
 * file, replays and forgeries refused, and the numbers by source.
 */
type Way = {
  id: number;
  name: string;
  kind: string;
  state: string;
  staff_id: number;
  qr_code: string;
  is_active: boolean;
  customers: number;
};

const CORP = 'ww-qr-corp';
const TOKEN = 'QrCallbackToken2026';
const AES_KEY = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456';
const clock = new Date('2026-11-30T01:00:00Z');
const seconds = () => Math.floor(clock.getTime() / 1000);

let test: TestApp;
let fake: FakeWecomServer;
let callers: BackOfficeCallers;
let corpA: { id: number };
let salesA: { id: number; corpId: number; teamId: number | null };
let salesCookie: string;
let target: FakeCallbackTarget;
const call = cookieCaller(() => test.app);

beforeAll(async () => {
  fake = await startFakeWecomServer({ corpId: CORP, secret: 's', contactWays: { members: ['sales-a', 'admin-a'] } });
  test = await buildTestApp({
    now: () => clock,
    wecom: createWecomAdapter({ corpId: CORP, agentId: '1', secret: 's', apiBase: fake.apiBase }),
    config: {
      WECOM_PROVIDER: 'wecom',
      WECOM_CORP_ID: CORP,
      WECOM_AGENT_ID: '1',
      WECOM_SECRET: 's',
      WECOM_CALLBACK_TOKEN: TOKEN,
      WECOM_CALLBACK_AES_KEY: AES_KEY,
    },
  });
  corpA = await createCompany(test.db);
  callers = await backOfficeCallers(test, corpA, await createCompany(test.db), { admin: { wxworkId: 'admin-a' } });
  salesA = await createStaff(test.db, corpA.id, { name: '王小明', wxworkId: 'sales-a' });
  salesCookie = await staffCookie(test, salesA);
  target = { url: `/api/wecom/callback/${corpA.id}`, token: TOKEN, encodingAesKey: AES_KEY, receiveId: CORP };
}, 240_000);
afterAll(async () => {
  await test.close();
  await fake.close();
});

const create = (cookie: string, form: Record<string, unknown>) =>
  call<Way>(cookie, 'POST', '/api/contactWays/create', form);
const list = async (cookie: string) =>
  (await call<{ list: Way[]; for_others: boolean }>(cookie, 'GET', '/api/contactWays')).body.data;
const deliver = (request: { url: string; body: string }) =>
  test.app.inject({ method: 'POST', url: request.url, headers: { 'content-type': 'text/xml' }, payload: request.body });
const configIdOf = (state: string) => [...fake.contactWays.ways].find(([, body]) => body.state === state)?.[0] ?? '';
const filingOf = async (externalUserid: string) =>
  (
    await test.db.execute<{ name: string; source: string; staff_id: number }>(
      sql`select name, source, staff_id from customer_filings where external_userid = ${externalUserid}`,
    )
  ).rows[0];

describe('making a QR', () => {
  it('calls add_contact_way for the member with a state, and lists the QR', async () => {
    const made = await create(salesCookie, { name: '地推-人民广场', kind: 'channel' });
    expect(made.body).toMatchObject({
      code: 0,
      msg: '渠道活码已生成',
      data: { name: '地推-人民广场', kind: 'channel', is_active: true, customers: 0 },
    });
    const body = fake.contactWays.ways.get(configIdOf(made.body.data.state));
    expect(body).toMatchObject({
      type: 1,
      scene: 2,
      skip_verify: true,
      user: ['sales-a'],
      state: made.body.data.state,
    });
    expect(made.body.data.state.length).toBeLessThanOrEqual(30);
    expect(made.body.data.qr_code).toMatch(/^https:\/\/wework\.qpic\.cn\//);
    expect((await list(salesCookie)).list.map((w) => w.name)).toContain('地推-人民广场');
  });

  it('refuses bad input, another member’s QR from a non-admin, an unbound member, and says WeCom’s refusal', async () => {
    expect((await create(salesCookie, { name: '', kind: 'channel' })).body).toMatchObject({
      code: 1,
      msg: '请填写名称',
    });
    expect((await create(salesCookie, { name: '展会', kind: 'fair' })).body).toMatchObject({
      code: 1,
      msg: '请选择来源类型',
    });
    expect(
      (await create(salesCookie, { name: '展会', kind: 'activity', staff_id: callers.adminA.id })).body,
    ).toMatchObject({
      code: 403,
      msg: '只有公司管理员可以为其他成员生成渠道活码',
    });
    expect((await create(callers.plain, { name: '展会', kind: 'activity' })).body).toMatchObject({
      code: 1,
      msg: '该成员还没有绑定企业微信，无法生成「联系我」二维码',
    });
    const unlicensed = await createStaff(test.db, corpA.id, { wxworkId: 'no-contact-permission' });
    expect(
      (await create(callers.admin, { name: '展会', kind: 'activity', staff_id: unlicensed.id })).body,
    ).toMatchObject({
      code: 1,
      msg: '企业微信未接受（84074 no external contact permission），请稍后再试',
    });
  });

  it('lets the admin make one for a member; another company’s admin and a partner see and touch none of A’s', async () => {
    const made = await create(callers.admin, { name: '合作伙伴-李经理', kind: 'partner', staff_id: salesA.id });
    expect(made.body).toMatchObject({ code: 0, data: { staff_id: salesA.id } });
    expect((await list(callers.admin)).for_others).toBe(true);
    expect((await list(callers.otherAdmin)).list).toEqual([]);
    expect(
      (await call(callers.otherAdmin, 'POST', '/api/contactWays/disable', { id: made.body.data.id })).body,
    ).toMatchObject({
      code: 404,
      msg: '渠道活码不存在',
    });
    expect((await call(callers.partner, 'GET', '/api/contactWays')).body.code).not.toBe(0);
    // A member sees only their own.
    expect((await list(callers.plain)).list).toEqual([]);
  });
});

describe('WeCom’s callback URL', () => {
  it('answers WeCom’s URL check with the echostr decrypted; a forged or stale one is refused', async () => {
    const ok = await test.app.inject({
      method: 'GET',
      url: fakeVerifyRequest(target, '8823646351737209', seconds()).url,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('8823646351737209');
    const forged = await test.app.inject({
      method: 'GET',
      url: fakeVerifyRequest(target, '1', seconds(), 'f'.repeat(40)).url,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe('');
    const stale = await test.app.inject({ method: 'GET', url: fakeVerifyRequest(target, '1', seconds() - 3600).url });
    expect(stale.statusCode).toBe(400);
    // Encrypted for another corp: the receiveid check.
    const elsewhere = await test.app.inject({
      method: 'GET',
      url: fakeVerifyRequest({ ...target, receiveId: 'ww-another' }, '1', seconds()).url,
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('tags the customer who added through a QR and opens their file with the source; a replay changes nothing', async () => {
    const made = (await create(salesCookie, { name: '双十一活动', kind: 'activity' })).body.data;
    const request = fake.contactWays.scan(
      configIdOf(made.state),
      target,
      { externalUserid: 'wmQrCustomer01', name: '赵女士' },
      seconds(),
    );
    const answered = await deliver(request);
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toBe('success');
    await test.app.drainJobs();
    expect(await filingOf('wmQrCustomer01')).toEqual({
      name: '赵女士',
      source: '活动 · 双十一活动',
      staff_id: salesA.id,
    });
    expect((await list(salesCookie)).list.find((w) => w.id === made.id)?.customers).toBe(1);

    const jobsBefore = (await test.db.execute(sql`select id from jobs where kind = 'contact-way-add'`)).rows.length;
    const replay = await deliver(request);
    expect(replay.body).toBe('success');
    expect((await test.db.execute(sql`select id from jobs where kind = 'contact-way-add'`)).rows.length).toBe(
      jobsBefore,
    );
    await test.app.drainJobs();
    expect((await list(salesCookie)).list.find((w) => w.id === made.id)?.customers).toBe(1);
  });

  it('refuses a forged signature and queues nothing; an unknown state is answered and tags no one', async () => {
    const jobs = async () =>
      (await test.db.execute(sql`select id from jobs where kind = 'contact-way-add'`)).rows.length;
    const before = await jobs();
    const xml = fakeAddContactXml({
      corpId: CORP,
      userId: 'sales-a',
      externalUserId: 'wmForged01',
      state: 'cwanything',
      createTime: seconds(),
    });
    const forged = await deliver(fakeCallbackRequest({ ...target, token: 'NotTheToken' }, xml, seconds()));
    expect(forged.statusCode).toBe(400);
    const wrongKey = await deliver(
      fakeCallbackRequest({ ...target, encodingAesKey: 'ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkj' }, xml, seconds()),
    );
    expect(wrongKey.statusCode).not.toBe(200);
    expect(await jobs()).toBe(before);

    fake.chat.addContact({ externalUserid: 'wmUnknown01', name: '钱先生', followUserIds: ['sales-a'] });
    const unknown = fakeAddContactXml({
      corpId: CORP,
      userId: 'sales-a',
      externalUserId: 'wmUnknown01',
      state: 'cwNotOurs',
      createTime: seconds(),
    });
    const answered = await deliver(fakeCallbackRequest(target, unknown, seconds()));
    expect(answered.body).toBe('success');
    await test.app.drainJobs();
    expect(await filingOf('wmUnknown01')).toBeUndefined();
    const job = await test.db.execute<{ status: string }>(
      sql`select status from jobs where kind = 'contact-way-add' and payload->'contactAdd'->>'externalUserId' = 'wmUnknown01'`,
    );
    expect(job.rows[0]?.status).toBe('done');
  });
});

describe('statistics and disabling', () => {
  it('counts customers and those who became cases by source; only the admin sees them', async () => {
    const corp = await createCompany(test.db);
    const admin = await createStaff(test.db, corp.id, { wxworkId: 'sales-a', name: 'C管理员' });
    const adminCookie = await staffCookie(test, admin);
    const boss = await createAdmin(test.db, corp.id, { wxworkId: 'admin-a' });
    const bossCookie = await staffCookie(test, boss);
    const way = (await create(bossCookie, { name: '地推-徐家汇', kind: 'channel' })).body.data;
    const other = (await create(bossCookie, { name: '银行合作', kind: 'partner' })).body.data;
    const cTarget = { ...target, url: `/api/wecom/callback/${corp.id}` };
    for (const [n, w] of [
      [1, way],
      [2, way],
      [3, other],
    ] as const) {
      await deliver(
        fake.contactWays.scan(
          configIdOf(w.state),
          cTarget,
          { externalUserid: `wmStat0${n}`, name: `客户${n}` },
          seconds() + n,
        ),
      );
    }
    await test.app.drainJobs();
    // The member wrote the first customer's phone on the file; a case was made for that phone.
    await test.db
      .update(customerFilings)
      .set(await sealValues(test.db, corp.id, CUSTOMER_FILINGS_PII, { mobile: '13800007001' }))
      .where(eq(customerFilings.externalUserid, 'wmStat01'));
    await createCase(test.db, boss, { phone: '13800007001', name: '客户1' });

    const stats = await call<{
      list: { id: number; customers: number; cases: number }[];
      by_kind: { kind: string; customers: number; cases: number }[];
      total: { customers: number; cases: number };
    }>(bossCookie, 'GET', '/api/contactWays/stats');
    expect(stats.body.data.list.find((r) => r.id === way.id)).toMatchObject({ customers: 2, cases: 1 });
    expect(stats.body.data.list.find((r) => r.id === other.id)).toMatchObject({ customers: 1, cases: 0 });
    expect(stats.body.data.by_kind).toEqual([
      { kind: 'channel', customers: 2, cases: 1 },
      { kind: 'activity', customers: 0, cases: 0 },
      { kind: 'partner', customers: 1, cases: 0 },
    ]);
    expect(stats.body.data.total).toEqual({ customers: 3, cases: 1 });
    expect((await call(adminCookie, 'GET', '/api/contactWays/stats')).body).toMatchObject({ code: 403 });
    // Another company's admin sees their own (none of these).
    expect(JSON.stringify((await call(callers.admin, 'GET', '/api/contactWays/stats')).body)).not.toContain(
      '地推-徐家汇',
    );
  });

  it('disables a QR with del_contact_way; its numbers stay; a second disable is refused', async () => {
    const made = (await create(salesCookie, { name: '停用测试', kind: 'channel' })).body.data;
    const configId = configIdOf(made.state);
    expect((await call(salesCookie, 'POST', '/api/contactWays/disable', { id: made.id })).body).toMatchObject({
      code: 0,
      msg: '渠道活码已停用',
    });
    expect(fake.contactWays.deleted).toContain(configId);
    expect((await list(salesCookie)).list.find((w) => w.id === made.id)?.is_active).toBe(false);
    expect((await call(salesCookie, 'POST', '/api/contactWays/disable', { id: made.id })).body).toMatchObject({
      code: 1,
      msg: '渠道活码已经停用',
    });
    expect((await call(salesCookie, 'POST', '/api/contactWays/disable', { id: 'x' })).body).toMatchObject({
      code: 1,
      msg: '渠道活码无效',
    });
  });
});
