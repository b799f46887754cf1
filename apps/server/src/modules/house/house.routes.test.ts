import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { maskBankCard, maskPhone } from '@crm/domain/validation';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeBrokerageFen } from '@crm/domain/brokerage';
import { houseAuditEvents, houseBrokerageOrders } from '../../db/schema/house.ts';
import { houseClients } from '../../db/schema/house.ts';
import { signTasks } from '../../db/schema/sign.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createBrokerageUser, createChannel, createHouseClient } from '../../test/factories-house.ts';
import { postFile } from '../../test/factories-money.ts';
import { getForBody, loginAs, postForBody, postForm } from '../../test/http.ts';
import { salesWorld } from '../../test/sales-world.ts';

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type ListBody = Body<{ list: Record<string, unknown>[]; next_cursor: number | null }>;

let test: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'crm-house-'));
  test = await buildTestApp({ config: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await test.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = <T = Record<string, unknown>>(
  cookie: string,
  name: string,
  fields: Record<string, string | number | null> = {},
) => postForBody<Body<T>>(test.app, `/api/crm/${name}`, fields, { cookie });
const get = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  query: Record<string, string | number> = {},
) => getForBody<Body<T>>(test.app, url, query, { cookie });

/** A company with a salesperson team, finance (job 4 leader and a second job-4 checker), a steward, rebate-only. */
async function world() {
  const sellers = await salesWorld(test);
  const { corp } = sellers;
  const financeTeam = await createTeam(test.db, corp.id);
  const leader = await createStaff(test.db, corp.id, { teamId: sellers.team.id, isLeader: true });
  const finance = await createStaff(test.db, corp.id, { teamId: financeTeam.id, jobs: [4], isLeader: true });
  const checker = await createStaff(test.db, corp.id, { teamId: financeTeam.id, jobs: [4] });
  const steward = await createStaff(test.db, corp.id, { teamId: financeTeam.id, jobs: [5] });
  const rebate = await createStaff(test.db, corp.id, { teamId: financeTeam.id, jobs: [4, 6] });
  const cookies = {
    ...sellers.cookies,
    leader: await loginAs(test, leader),
    finance: await loginAs(test, finance),
    checker: await loginAs(test, checker),
    steward: await loginAs(test, steward),
    rebate: await loginAs(test, rebate),
  };
  return { ...sellers, leader, finance, checker, steward, rebate, cookies };
}
type World = Awaited<ReturnType<typeof world>>;

/** The steward's home badge: how many clients wait for them. */
const stewardBadge = async (w: World) =>
  (await postForm(test.app, '/api/crm/userinfo', { id: w.steward.id }, { cookie: w.cookies.steward })).json<{
    data: { total: { remind: number } };
  }>().data.total.remind;

/** An image uploaded as the deeds (house_type 2) of the client, as the page's multipart form sends it. */
const uploadDeed = async (cookie: string, clientId: number, file: Buffer, filename: string) =>
  (
    await postFile(test, '/api/crm/addHouseImg', { id: clientId, house_type: '2' }, file, {
      cookie,
      filename,
      type: 'image/png',
    })
  ).json<Body>();

const validClient = {
  name: '沈家豪',
  phone: '13812341234',
  loan_amount: '1500000',
  term_months: 240,
  bank: '工商银行',
  product: 'mortgage',
};

describe('addHouseClient, getHouseList, getHouseDetail', () => {
  it('takes a client in from a channel, with its steward, and shows it in the list and detail', async () => {
    const w = await world();
    const channel = await createChannel(test.db, w.corp.id, w.sales.id, { name: '链家静安店' });
    const added = await post<{ id: number }>(w.cookies.sales, 'addHouseClient', {
      ...validClient,
      channel_id: channel.id,
      id_number: '310101199001011234',
    });
    expect(added.body).toMatchObject({ code: 0 });
    const id = added.body.data?.id ?? 0;

    const [row] = await test.db.select().from(houseClients).where(eq(houseClients.id, id));
    expect(row).toMatchObject({
      ownerId: w.sales.id,
      stewardId: w.steward.id,
      loanAmountFen: 150_000_000,
      termMonths: 240,
      source: 'channel',
      teamId: w.team.id,
    });

    const list = await post<ListBody['data']>(w.cookies.sales, 'getHouseList', { page: 1 });
    expect(list.body.data?.list.map((c) => c.id)).toEqual([id]);
    expect(list.body.data?.list[0]).toMatchObject({
      channel_name: '链家静安店',
      // Masked in the list, even to the owner (spec §9); full on the client's own page below.
      phone: '138****1234',
      loan_amount_fen: 150_000_000,
    });

    const detail = await get<{ client: Record<string, unknown>; can_delete: boolean }>(
      w.cookies.sales,
      '/api/crm/getHouseDetail',
      { id },
    );
    expect(detail.body.data?.client).toMatchObject({
      id,
      steward_name: w.steward.name,
      // Masked for the owner too (decision 065): revealHouseContact shows one, logged.
      phone: '138****1234',
      id_number: '310101********1234',
    });
    expect(detail.body.data?.can_delete).toBe(true);
  });

  it('keeps the referral chain, nearest referrer first', async () => {
    const w = await world();
    const first = await createHouseClient(test.db, w.corp.id, w.sales.id, { name: '甲' });
    const second = await createHouseClient(test.db, w.corp.id, w.sales.id, { name: '乙', referrerId: first.id });
    const added = await post<{ id: number }>(w.cookies.sales, 'addHouseClient', {
      ...validClient,
      referrer_id: second.id,
    });
    const detail = await get<{ chain: { name: string }[] }>(w.cookies.sales, '/api/crm/getHouseDetail', {
      id: added.body.data?.id ?? 0,
    });
    expect(detail.body.data?.chain.map((c) => c.name)).toEqual(['乙', '甲']);
    const firstDetail = await get<{ referred: { name: string }[] }>(w.cookies.sales, '/api/crm/getHouseDetail', {
      id: first.id,
    });
    expect(firstDetail.body.data?.referred.map((c) => c.name)).toEqual(['乙']);
  });

  it("refuses a channel or a referrer that is not the caller's", async () => {
    const w = await world();
    const theirs = await createChannel(test.db, w.corp.id, w.colleague.id);
    const refused = await post(w.cookies.sales, 'addHouseClient', { ...validClient, channel_id: theirs.id });
    expect(refused.body).toMatchObject({ code: 1, msg: '渠道不存在或不属于你' });
    const theirClient = await createHouseClient(test.db, w.corp.id, w.colleague.id);
    const refused2 = await post(w.cookies.sales, 'addHouseClient', { ...validClient, referrer_id: theirClient.id });
    expect(refused2.body).toMatchObject({ code: 1, msg: '推荐客户不存在或不属于你' });
  });

  it('lets the owner, the team leader, the steward and finance open a client; not a colleague, rebate-only or another company', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, {
      teamId: w.team.id,
      stewardId: w.steward.id,
    });
    for (const cookie of [w.cookies.sales, w.cookies.leader, w.cookies.steward, w.cookies.finance]) {
      expect((await get(cookie, '/api/crm/getHouseDetail', { id: client.id })).body.code).toBe(0);
    }
    for (const cookie of [w.cookies.colleague, w.cookies.rebate]) {
      const response = await get(cookie, '/api/crm/getHouseDetail', { id: client.id });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe(403);
    }
    const other = await world();
    const guessed = await get(other.cookies.finance, '/api/crm/getHouseDetail', { id: client.id });
    expect(guessed.status).toBe(404);
    expect((await get(undefined, '/api/crm/getHouseDetail', { id: client.id })).status).toBe(401);
  });

  it("lists only the caller's clients (finance all), searches and pages", async () => {
    const w = await world();
    for (let i = 0; i < 23; i += 1) await createHouseClient(test.db, w.corp.id, w.sales.id, { name: `客户${i}` });
    await createHouseClient(test.db, w.corp.id, w.colleague.id, { name: '别人的客户' });
    const page1 = await post<ListBody['data']>(w.cookies.sales, 'getHouseList', {});
    expect(page1.body.data?.list).toHaveLength(20);
    expect(page1.body.data?.next_cursor).toEqual(page1.body.data?.list.at(-1)?.id);
    // A client added between pages appears on no page of this walk and shifts nothing (keyset, not offset).
    await createHouseClient(test.db, w.corp.id, w.sales.id, { name: '新来的' });
    const page2 = await post<ListBody['data']>(w.cookies.sales, 'getHouseList', {
      cursor: page1.body.data?.next_cursor ?? 0,
    });
    expect(page2.body.data?.list).toHaveLength(3);
    expect(page2.body.data?.next_cursor).toBeNull();
    const walked = [...(page1.body.data?.list ?? []), ...(page2.body.data?.list ?? [])].map((c) => c.name);
    expect(new Set(walked).size).toBe(23);
    const search = await post<ListBody['data']>(w.cookies.sales, 'getHouseList', { page: 1, keyword: '客户2' });
    expect(search.body.data?.list.map((c) => c.name).sort()).toEqual(['客户2', '客户20', '客户21', '客户22']);
    const theirs = await post<ListBody['data']>(w.cookies.sales, 'getHouseList', { page: 1, keyword: '别人' });
    expect(theirs.body.data?.list).toEqual([]);
    const all = await post<ListBody['data']>(w.cookies.finance, 'getHouseList', { page: 1, keyword: '别人' });
    expect(all.body.data?.list).toHaveLength(1);
    // Finance sees another salesperson's client with the phone masked.
    expect(all.body.data?.list[0]?.phone).toBe('139****2222');
    const filtered = await post<ListBody['data']>(w.cookies.sales, 'getHouseList', { page: 1, status: 2 });
    expect(filtered.body.data?.list).toEqual([]);
    expect((await post(w.cookies.rebate, 'getHouseList', { page: 1 })).status).toBe(403);
  });

  it('finds a client by the whole phone or its last four though the phone is sealed at rest (decision 074)', async () => {
    const w = await world();
    const mine = await createHouseClient(test.db, w.corp.id, w.sales.id, {
      name: '密存客户',
      phone: '13655557777',
      idNumber: '11010519491231002X',
    });
    await createHouseClient(test.db, w.corp.id, w.sales.id, { name: '另一位', phone: '13655558888' });
    const names = async (keyword: string) =>
      (await post<ListBody['data']>(w.cookies.sales, 'getHouseList', { page: 1, keyword })).body.data?.list.map(
        (c) => c.name,
      );
    expect(await names('13655557777')).toEqual(['密存客户']);
    expect(await names('7777')).toEqual(['密存客户']);
    // Another fragment has no index: nothing, rather than a scan of opened phones.
    expect(await names('5557777')).toEqual([]);
    const raw = await test.db.execute(`select phone, id_number, phone_bidx from house_clients where id = ${mine.id}`);
    expect(raw.rows[0]).toMatchObject({
      phone: expect.stringMatching(/^v1:/),
      id_number: expect.stringMatching(/^v1:/),
      phone_bidx: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(JSON.stringify(raw.rows)).not.toContain('13655557777');
  });
});

describe('delHouseClient', () => {
  it("lets the owner delete a new client, which then is gone, from the steward's badge too", async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { stewardId: w.steward.id });
    expect(await stewardBadge(w)).toBe(1);
    expect((await post(w.cookies.sales, 'delHouseClient', { id: client.id })).body.code).toBe(0);
    expect((await get(w.cookies.sales, '/api/crm/getHouseDetail', { id: client.id })).status).toBe(404);
    expect(await stewardBadge(w)).toBe(0);
  });

  it('refuses once the client is in signing or has brokerage, and refuses anyone but the owner', async () => {
    const w = await world();
    const signing = await createHouseClient(test.db, w.corp.id, w.sales.id, { status: 2 });
    expect((await post(w.cookies.sales, 'delHouseClient', { id: signing.id })).body).toMatchObject({
      code: 1,
      msg: '客户已进入签约流程，不能删除',
    });
    const paid = await createHouseClient(test.db, w.corp.id, w.sales.id, { brokerageState: 'approved' });
    expect((await post(w.cookies.sales, 'delHouseClient', { id: paid.id })).body).toMatchObject({
      code: 1,
      msg: '客户已设置返佣，不能删除',
    });
    const fresh = await createHouseClient(test.db, w.corp.id, w.sales.id, { teamId: w.team.id });
    expect((await post(w.cookies.leader, 'delHouseClient', { id: fresh.id })).status).toBe(403);
    expect((await post(w.cookies.colleague, 'delHouseClient', { id: fresh.id })).status).toBe(403);
    expect((await post(w.cookies.sales, 'delHouseClient', { id: 'abc' })).body.code).toBe(1);
  });
});

describe('channels, recommendations and brokerage users', () => {
  it("adds and lists the caller's channels; finance sees all; a channel of someone else is forbidden", async () => {
    const w = await world();
    const added = await post<{ id: number }>(w.cookies.sales, 'addHouseChannel', {
      name: '中原地产',
      contact: '王经理',
      phone: '13911112222',
      remark: '',
    });
    expect(added.body.code).toBe(0);
    await createChannel(test.db, w.corp.id, w.colleague.id, { name: '别人的渠道' });
    const mine = await post<ListBody['data']>(w.cookies.sales, 'getHouseChannelList', { page: 1 });
    expect(mine.body.data?.list.map((c) => c.name)).toEqual(['中原地产']);
    const all = await post<ListBody['data']>(w.cookies.finance, 'getHouseChannelList', { page: 1 });
    expect(all.body.data?.list).toHaveLength(2);
    const one = await post<ListBody['data']>(w.cookies.sales, 'getHouseChannelList', {
      page: 1,
      id: added.body.data?.id ?? 0,
    });
    expect(one.body.data?.list).toHaveLength(1);
    const theirs = await createChannel(test.db, w.corp.id, w.colleague.id);
    expect((await post(w.cookies.sales, 'getHouseChannelList', { page: 1, id: theirs.id })).status).toBe(403);
    expect(
      (await post(w.cookies.sales, 'addHouseChannel', { name: '', contact: 'x', phone: '13911112222' })).body,
    ).toMatchObject({ code: 1, msg: '请输入渠道名称' });
  });

  it('adds and lists recommendations', async () => {
    const w = await world();
    expect(
      (
        await post(w.cookies.sales, 'addHouseRecommend', {
          name: '韩雪',
          phone: '13812344321',
          intent_amount: '800000',
          remark: '想置换',
        })
      ).body.code,
    ).toBe(0);
    const list = await post<ListBody['data']>(w.cookies.sales, 'getHouseRecommend', { page: 1 });
    expect(list.body.data?.list[0]).toMatchObject({ name: '韩雪', intent_amount_fen: 80_000_000 });
    expect(
      (await post<ListBody['data']>(w.cookies.colleague, 'getHouseRecommend', { page: 1 })).body.data?.list,
    ).toEqual([]);
    expect((await post(w.cookies.sales, 'addHouseRecommend', { name: '韩雪', phone: '1381234' })).body).toMatchObject({
      code: 1,
      msg: '手机号码格式错误',
    });
    expect((await post(w.cookies.rebate, 'getHouseRecommend', { page: 1 })).status).toBe(403);
  });

  it('records the channel a recommendation or receiver came through, only a channel the caller may use', async () => {
    const w = await world();
    const mine = await createChannel(test.db, w.corp.id, w.sales.id, { name: '链家静安店' });
    const theirs = await createChannel(test.db, w.corp.id, w.colleague.id);
    const person = { name: '韩雪', phone: '13812344321' };
    const receiver = { ...person, bank_name: '招商银行', bank_card: '6225880212345678' };
    for (const [path, list, form] of [
      ['addHouseRecommend', 'getHouseRecommend', person],
      ['addHouseBrokerageUser', 'houseBrokerageUser', receiver],
    ] as const) {
      expect((await post(w.cookies.sales, path, { ...form, channel_id: String(mine.id) })).body.code, path).toBe(0);
      // The web's "none" is sent as 'null'.
      expect((await post(w.cookies.sales, path, { ...form, channel_id: 'null' })).body.code, path).toBe(0);
      const refused = await post(w.cookies.sales, path, { ...form, channel_id: String(theirs.id) });
      expect(refused.body, path).toMatchObject({ code: 1, msg: '渠道不存在或不属于你' });
      const rows = await post<ListBody['data']>(w.cookies.sales, list, {});
      expect(rows.body.data?.list.map((row) => row.channel_name).sort(), path).toEqual(['链家静安店', null].sort());
    }
  });

  it("opens a recommendation's own record: masked there as in the list (decision 065), for the same people", async () => {
    const w = await world();
    await post(w.cookies.sales, 'addHouseRecommend', { name: '韩雪', phone: '13812344321', remark: '想置换' });
    const list = await post<ListBody['data']>(w.cookies.sales, 'getHouseRecommend', {});
    const row = list.body.data?.list[0];
    expect(row).toMatchObject({ name: '韩雪', phone: '138****4321' });
    const id = Number(row?.id);

    const detail = await get(w.cookies.sales, '/api/crm/getHouseRecommendDetail', { id });
    expect(detail.body).toMatchObject({
      code: 0,
      data: { id, name: '韩雪', phone: '138****4321', remark: '想置换', staff_name: w.sales.name },
    });
    expect((await get(w.cookies.finance, '/api/crm/getHouseRecommendDetail', { id })).body.code).toBe(0);
    for (const who of ['colleague', 'leader', 'steward', 'rebate'] as const) {
      const refused = await get(w.cookies[who], '/api/crm/getHouseRecommendDetail', { id });
      expect(refused, who).toMatchObject({ status: 403, body: { data: null } });
    }
    const outsider = await createStaff(test.db, (await createCompany(test.db)).id, { jobs: [4], isLeader: true });
    const foreign = await get(await loginAs(test, outsider), '/api/crm/getHouseRecommendDetail', { id });
    expect(foreign).toMatchObject({ status: 404, body: { data: null } });
    expect((await get(w.cookies.sales, '/api/crm/getHouseRecommendDetail', { id: 0 })).body.code).not.toBe(0);
  });

  it('adds and lists brokerage users, checking the bank card', async () => {
    const w = await world();
    const ok = await post(w.cookies.sales, 'addHouseBrokerageUser', {
      name: '李经纪',
      phone: '13922223333',
      bank_name: '招商银行',
      bank_card: '6225880212345678',
    });
    expect(ok.body.code).toBe(0);
    const list = await post<ListBody['data']>(w.cookies.sales, 'houseBrokerageUser', { page: 1 });
    // The receiver's card and phone are masked in the list, even to whoever added them (decision 065).
    expect(list.body.data?.list[0]).toMatchObject({
      name: '李经纪',
      bank_card: maskBankCard('6225880212345678'),
      phone: maskPhone('13922223333'),
    });
    expect(
      (await post<ListBody['data']>(w.cookies.colleague, 'houseBrokerageUser', { page: 1 })).body.data?.list,
    ).toEqual([]);
    expect(
      (
        await post(w.cookies.sales, 'addHouseBrokerageUser', {
          name: '李',
          phone: '13922223333',
          bank_name: '招行',
          bank_card: '123',
        })
      ).body,
    ).toMatchObject({ code: 1, msg: '银行卡号格式错误' });
  });
});

/**
 * Finance sets a 2 % brokerage on a ¥2,000,000 client of their own for one receiver: over the default limit,
 * under a ceiling a company may set higher.
 */
async function financeSetsTwoPercent(w: World) {
  const client = await createHouseClient(test.db, w.corp.id, w.finance.id, { loanAmountFen: 200_000_000 });
  const a = await createBrokerageUser(test.db, w.corp.id, w.finance.id);
  const set = await post<{ state: string; amount_fen: number }>(w.cookies.finance, 'setHouseBrokerage', {
    id: client.id,
    rate: '2',
    user_ids: `${a.id}`,
  });
  return { client, set };
}

describe('brokerage: setHouseBrokerage, over-limit approval, orders', () => {
  it('makes the orders at once within the limit, the parts summing to the brokerage', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { loanAmountFen: 100_000_001 });
    const a = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    const b = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    const c = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    const response = await post<{ state: string; amount_fen: number; parts_fen: number[] }>(
      w.cookies.sales,
      'setHouseBrokerage',
      { id: client.id, rate: '1', user_ids: `${a.id},${b.id},${c.id}` },
    );
    const expected = computeBrokerageFen(100_000_001, 100);
    expect(response.body.data).toEqual({
      state: 'approved',
      amount_fen: expected,
      parts_fen: [333_334, 333_333, 333_333],
    });
    const orders = await test.db
      .select()
      .from(houseBrokerageOrders)
      .where(eq(houseBrokerageOrders.houseClientId, client.id));
    expect(orders.map((o) => o.amountFen).reduce((x, y) => x + y, 0)).toBe(expected);
    expect(
      (await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${a.id}` })).body,
    ).toMatchObject({ code: 1, msg: '该客户已设置返佣' });
  });

  it("follows the company's over-limit rule from the back office: 2 % passes under a 2.5 % ceiling", async () => {
    const w = await world();
    await test.db.update(companies).set({ overLimitRateBp: 250 }).where(eq(companies.id, w.corp.id));
    const { client, set } = await financeSetsTwoPercent(w);
    expect(set.body.code).toBe(0);
    expect(set.body.data?.state).not.toBe('pending_audit');
    expect(
      await test.db.select().from(houseBrokerageOrders).where(eq(houseBrokerageOrders.houseClientId, client.id)),
    ).toHaveLength(1);
  });

  it('holds an over-limit brokerage for finance; the asker cannot approve; another finance member does, with events', async () => {
    const w = await world();
    const { client, set } = await financeSetsTwoPercent(w);
    expect(set.body.data).toMatchObject({ state: 'pending_audit', amount_fen: 4_000_000 });
    expect(
      await test.db.select().from(houseBrokerageOrders).where(eq(houseBrokerageOrders.houseClientId, client.id)),
    ).toEqual([]);

    const audits = await post<{ list: { id: number; requested_by: number; events: { decision: string }[] }[] }>(
      w.cookies.checker,
      'getHouseAudit',
      { page: 1 },
    );
    const audit = audits.body.data?.list[0];
    expect(audit).toMatchObject({ requested_by: w.finance.id, events: [{ decision: 'requested' }] });
    const auditId = audit?.id ?? 0;

    const own = await post(w.cookies.finance, 'updateHouseAudit', { id: auditId, decision: 'approve', reason: '' });
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('不能审批自己提交的返佣');
    expect((await post(w.cookies.sales, 'updateHouseAudit', { id: auditId, decision: 'approve' })).status).toBe(403);
    expect(
      (await post(w.cookies.checker, 'updateHouseAudit', { id: auditId, decision: 'reject', reason: '' })).body,
    ).toMatchObject({ code: 1, msg: '驳回须填写原因' });

    const approved = await post(w.cookies.checker, 'updateHouseAudit', {
      id: auditId,
      decision: 'approve',
      reason: '大客户，同意',
    });
    expect(approved.body.code).toBe(0);
    const orders = await test.db
      .select()
      .from(houseBrokerageOrders)
      .where(eq(houseBrokerageOrders.houseClientId, client.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ amountFen: 4_000_000, auditId, status: 1 });
    const events = await test.db.select().from(houseAuditEvents).where(eq(houseAuditEvents.auditId, auditId));
    expect(events.map((e) => [e.decision, e.actorId, e.reason])).toEqual([
      ['requested', w.finance.id, ''],
      ['approved', w.checker.id, '大客户，同意'],
    ]);
    expect(
      (await post(w.cookies.checker, 'updateHouseAudit', { id: auditId, decision: 'reject', reason: '改主意' })).body,
    ).toMatchObject({ code: 1, msg: '该审批已处理' });
    const other = await world();
    expect((await post(other.cookies.checker, 'updateHouseAudit', { id: auditId, decision: 'approve' })).status).toBe(
      404,
    );
  });

  it('decides an audit once when two finance members decide it at the same moment', async () => {
    const w = await world();
    const third = await createStaff(test.db, w.corp.id, { jobs: [4] });
    const thirdCookie = await loginAs(test, third);
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { loanAmountFen: 100_000_000 });
    const a = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '5', user_ids: `${a.id}` });
    const list = await post<{ list: { id: number }[] }>(w.cookies.checker, 'getHouseAudit', { page: 1 });
    const auditId = list.body.data?.list[0]?.id ?? 0;
    const answers = await Promise.all([
      post(w.cookies.checker, 'updateHouseAudit', { id: auditId, decision: 'approve', reason: '' }),
      post(thirdCookie, 'updateHouseAudit', { id: auditId, decision: 'approve', reason: '' }),
    ]);
    expect(answers.map((r) => r.body.code).sort()).toEqual([0, 1]);
    expect(answers.find((r) => r.body.code === 1)?.body.msg).toBe('该审批已处理');
    expect(
      await test.db.select().from(houseBrokerageOrders).where(eq(houseBrokerageOrders.houseClientId, client.id)),
    ).toHaveLength(1);
    expect(await test.db.select().from(houseAuditEvents).where(eq(houseAuditEvents.auditId, auditId))).toHaveLength(2);
  });

  it('a rejected over-limit brokerage makes no orders and may be asked again', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { loanAmountFen: 100_000_000 });
    const a = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '3', user_ids: `${a.id}` });
    expect(
      (await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${a.id}` })).body.msg,
    ).toBe('该客户的返佣正在等待审批');
    const list = await post<{ list: { id: number; receivers: unknown[] }[] }>(w.cookies.finance, 'getHouseAudit', {
      page: 1,
    });
    // The sheet names whom the approval pays, and how much.
    expect(list.body.data?.list[0]?.receivers).toEqual([{ id: a.id, name: a.name, amount_fen: 3_000_000 }]);
    const auditId = list.body.data?.list[0]?.id ?? 0;
    expect(
      (await post(w.cookies.finance, 'updateHouseAudit', { id: auditId, decision: 'reject', reason: '比例过高' })).body
        .code,
    ).toBe(0);
    expect(
      await test.db.select().from(houseBrokerageOrders).where(eq(houseBrokerageOrders.houseClientId, client.id)),
    ).toEqual([]);
    expect(
      (await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${a.id}` })).body.data,
    ).toMatchObject({ state: 'approved' });
  });

  it('refuses a colleague, rebate-only, and receivers of someone else', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { teamId: w.team.id });
    const mine = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    const theirs = await createBrokerageUser(test.db, w.corp.id, w.colleague.id);
    expect(
      (await post(w.cookies.colleague, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${mine.id}` }))
        .status,
    ).toBe(403);
    expect(
      (await post(w.cookies.leader, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${mine.id}` })).status,
    ).toBe(403);
    expect(
      (await post(w.cookies.rebate, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${mine.id}` })).status,
    ).toBe(403);
    expect(
      (await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${theirs.id}` })).body
        .msg,
    ).toBe('返佣人不存在或不属于你');
  });

  it('shows orders to finance and rebate-only; only finance pays or cancels, once', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { loanAmountFen: 50_000_000 });
    const a = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
    await post(w.cookies.sales, 'setHouseBrokerage', { id: client.id, rate: '1', user_ids: `${a.id}` });

    const summary = await post<{
      counts: { status: number; count: number; amount_fen: number }[];
      can_update: boolean;
    }>(w.cookies.rebate, 'houseBrokerageOrder');
    expect(summary.body.data?.counts[0]).toEqual({ status: 1, count: 1, amount_fen: 500_000 });
    expect(summary.body.data?.can_update).toBe(false);
    const list = await post<{ list: { id: number; client_name: string }[] }>(
      w.cookies.rebate,
      'houseBrokerageOrderList',
      { page: 1, status: 1 },
    );
    const orderId = list.body.data?.list[0]?.id ?? 0;
    expect(list.body.data?.list[0]?.client_name).toBe(client.name);
    expect((await post(w.cookies.sales, 'houseBrokerageOrderList', { page: 1, status: 1 })).status).toBe(403);

    expect((await post(w.cookies.rebate, 'updateHouseBrokerageStatus', { id: orderId, status: 2 })).status).toBe(403);
    expect(
      (await post(w.cookies.finance, 'updateHouseBrokerageOrder', { id: orderId, remark: '月底付', pay_ref: '' })).body
        .code,
    ).toBe(0);
    expect(
      (await post(w.cookies.finance, 'updateHouseBrokerageStatus', { id: orderId, status: 5 })).body,
    ).toMatchObject({ code: 1, msg: '状态无效' });
    expect((await post(w.cookies.finance, 'updateHouseBrokerageStatus', { id: orderId, status: 2 })).body.code).toBe(0);
    expect(
      (await post(w.cookies.finance, 'updateHouseBrokerageStatus', { id: orderId, status: 3 })).body,
    ).toMatchObject({ code: 1, msg: '返佣单已处理' });
    expect(
      (await post(w.cookies.finance, 'updateHouseBrokerageOrder', { id: orderId, remark: 'x' })).body,
    ).toMatchObject({ code: 1, msg: '返佣单已处理，不能修改' });
    const other = await world();
    expect((await post(other.cookies.finance, 'updateHouseBrokerageStatus', { id: orderId, status: 3 })).status).toBe(
      404,
    );

    const data = await post<Record<string, number>>(w.cookies.finance, 'houseBrokerage');
    expect(data.body.data).toEqual({
      client_count: 1,
      total_fen: 500_000,
      pending_fen: 0,
      paid_fen: 500_000,
      audit_pending: 0,
    });
    const clients = await post<{ list: { id: number }[] }>(w.cookies.finance, 'houseBrokerageList', { page: 1 });
    expect(clients.body.data?.list.map((c) => c.id)).toEqual([client.id]);
    expect((await post(w.cookies.sales, 'houseBrokerage')).status).toBe(403);
  });
});

type Fields = Record<string, string | number>;

/** Per form: a valid request, and changes to one field of it, each refused with its message. */
const forms: Record<string, { valid: (w: World) => Promise<Fields>; refusals: [Fields, string][] }> = {
  addHouseClient: {
    valid: async () => validClient,
    refusals: [
      [{ term_months: 100 }, '房贷期限为 12 至 360 个月，按 12 个月递增'],
      [{ term_months: 372 }, '房贷期限为 12 至 360 个月，按 12 个月递增'],
      [{ name: '' }, '请输入客户姓名'],
      [{ phone: '12345' }, '手机号码格式错误'],
      [{ loan_amount: '1.234' }, '贷款金额至少 100 元，最多两位小数'],
      [{ id_number: '123' }, '身份证号码格式错误'],
    ],
  },
  setHouseBrokerage: {
    valid: async (w) => {
      const client = await createHouseClient(test.db, w.corp.id, w.sales.id);
      const a = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
      const b = await createBrokerageUser(test.db, w.corp.id, w.sales.id);
      return { id: client.id, rate: '1', user_ids: `${a.id},${b.id}` };
    },
    refusals: [
      [{ rate: '12' }, '返佣比例为百分数，最多两位小数，且不超过 10%'],
      [{ rate: '1.234' }, '返佣比例为百分数，最多两位小数，且不超过 10%'],
      [{ user_ids: '' }, '请选择 1 至 5 位返佣人'],
      [{ shares: '1' }, '分配份额须为正整数，且与返佣人一一对应'],
    ],
  },
  addHouseBrokerageUser: {
    valid: async () => ({ name: '李经纪', phone: '13922223333', bank_name: '招商银行', bank_card: '6225880212345678' }),
    refusals: [
      [{ name: '' }, '请输入返佣人姓名'],
      [{ bank_card: '1234' }, '银行卡号格式错误'],
    ],
  },
};

describe("the forms' field checks", () => {
  const cases = Object.entries(forms).flatMap(([name, form]) =>
    form.refusals.map(([change, message]) => ({ name, valid: form.valid, change, message })),
  );
  it.each(cases)('$name refuses $change with its message', async ({ name, valid, change, message }) => {
    const w = await world();
    const response = await post(w.cookies.sales, name, { ...(await valid(w)), ...change });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 1, msg: message, data: null });
  });
});

describe('images', () => {
  it('stores an image checked by its content and serves it only to who may see the client', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } })
      .png()
      .toBuffer();
    expect((await uploadDeed(w.cookies.sales, client.id, png, 'deed.png')).code).toBe(0);

    const images = await get<{ id: number; url: string }[]>(w.cookies.sales, '/api/crm/getHouseImg', {
      id: client.id,
      house_type: 2,
    });
    expect(images.body.data).toHaveLength(1);
    const url = images.body.data?.[0]?.url ?? '';
    const file = await test.app.inject({ method: 'GET', url, headers: { cookie: w.cookies.sales } });
    expect(file.statusCode).toBe(200);
    // Stored as every uploaded image is: re-encoded to JPEG (no metadata, nothing appended), same picture.
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 4, height: 4 });
    expect((await test.app.inject({ method: 'GET', url, headers: { cookie: w.cookies.colleague } })).statusCode).toBe(
      403,
    );
    expect((await get(w.cookies.colleague, '/api/crm/getHouseImg', { id: client.id, house_type: 2 })).status).toBe(403);

    const fake = Buffer.from('<script>alert(1)</script>');
    expect(await uploadDeed(w.cookies.sales, client.id, fake, 'x.png')).toMatchObject({
      code: 1,
      msg: '只能上传 JPG、PNG 或 WebP 图片',
    });
  });
});

describe('steward, team and allocation', () => {
  it('gives the steward their clients, cards and the docking to the signing centre', async () => {
    const w = await world();
    const waiting = await createHouseClient(test.db, w.corp.id, w.sales.id, { stewardId: w.steward.id });
    await createHouseClient(test.db, w.corp.id, w.sales.id, {
      stewardId: w.steward.id,
      product: 'card',
      stewardStatus: 'handled',
    });
    const mine = await post<{ list: { id: number }[] }>(w.cookies.steward, 'getHouseList2', {
      page: 1,
      steward_status: 'waiting',
    });
    expect(mine.body.data?.list.map((c) => c.id)).toEqual([waiting.id]);
    expect(
      (await post<{ list: unknown[] }>(w.cookies.steward, 'getHouseCard', { page: 1 })).body.data?.list,
    ).toHaveLength(1);
    expect((await post(w.cookies.sales, 'getHouseList2', { page: 1 })).status).toBe(403);

    expect(await stewardBadge(w)).toBe(1);
    expect(
      (await post(w.cookies.steward, 'houseSignSubmit', { id: waiting.id, appointment_at: '', place: '工行' })).body,
    ).toMatchObject({ code: 1, msg: '请选择预约时间' });
    const submitted = await post<{ id: number }>(w.cookies.steward, 'houseSignSubmit', {
      id: waiting.id,
      appointment_at: '2026-12-01T02:00:00Z',
      place: '工商银行静安支行',
    });
    expect(submitted.body.code).toBe(0);
    const [task] = await test.db.select().from(signTasks).where(eq(signTasks.houseClientId, waiting.id));
    expect(task).toMatchObject({ status: 'open', place: '工商银行静安支行' });
    const [row] = await test.db.select().from(houseClients).where(eq(houseClients.id, waiting.id));
    expect(row).toMatchObject({ status: 2, stewardStatus: 'handled' });
    expect(await stewardBadge(w)).toBe(0);
    expect(
      (
        await post(w.cookies.steward, 'houseSignSubmit', {
          id: waiting.id,
          appointment_at: '2026-12-01T02:00:00Z',
          place: 'x',
        })
      ).body.msg,
    ).toBe('该客户已提交签约');
    const notMine = await createHouseClient(test.db, w.corp.id, w.sales.id);
    expect(
      (
        await post(w.cookies.steward, 'houseSignSubmit', {
          id: notMine.id,
          appointment_at: '2026-12-01T02:00:00Z',
          place: 'x',
        })
      ).status,
    ).toBe(403);
  });

  it("shows the leader their team's clients and nobody else", async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { teamId: w.team.id });
    await createHouseClient(test.db, w.corp.id, w.finance.id, { teamId: null });
    const team = await get<{ list: { id: number }[] }>(w.cookies.leader, '/api/crm/houseTeam', { page: 1 });
    expect(team.body.data?.list.map((c) => c.id)).toEqual([client.id]);
    expect((await get(w.cookies.sales, '/api/crm/houseTeam', { page: 1 })).status).toBe(403);
  });

  it('lets a finance leader allot channels and clients; nobody else', async () => {
    const w = await world();
    const channel = await createChannel(test.db, w.corp.id, w.sales.id);
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, { teamId: w.team.id });
    const staffList = await get<{ id: number }[]>(w.cookies.finance, '/api/crm/houseStaff');
    expect(staffList.body.data?.map((s) => s.id)).toContain(w.colleague.id);
    const allotToColleague = async (kind: 'client' | 'channel', id: number) =>
      (await post(w.cookies.finance, 'allotHouse', { kind, id, staff_id: w.colleague.id })).body.code;
    expect(await allotToColleague('channel', channel.id)).toBe(0);
    expect(await allotToColleague('client', client.id)).toBe(0);
    const theirs = await post<{ list: { id: number }[] }>(w.cookies.colleague, 'getHouseChannelList', { page: 1 });
    expect(theirs.body.data?.list.map((c) => c.id)).toEqual([channel.id]);
    expect((await get(w.cookies.colleague, '/api/crm/getHouseDetail', { id: client.id })).body.code).toBe(0);
    expect((await get(w.cookies.sales, '/api/crm/getHouseDetail', { id: client.id })).status).toBe(403);
    expect(
      (await post(w.cookies.checker, 'allotHouse', { kind: 'client', id: client.id, staff_id: w.sales.id })).status,
    ).toBe(403);
    expect(
      (await post(w.cookies.finance, 'allotHouse', { kind: 'client', id: client.id, staff_id: 999_999 })).body.msg,
    ).toBe('员工不存在');
    const other = await world();
    expect(
      (await post(w.cookies.finance, 'allotHouse', { kind: 'client', id: client.id, staff_id: other.sales.id })).body
        .msg,
    ).toBe('员工不存在');
  });

  it('answers the house status options', async () => {
    const w = await world();
    const response = await get<{ value: number; label: string }[]>(w.cookies.sales, '/common/houseStatus');
    expect(response.body.data?.map((o) => o.value)).toEqual([1, 2, 3, 4]);
  });
});
