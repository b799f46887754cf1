import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { houseBrokerageOrders, houseClients, houseImages } from '../../db/schema/house.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam, uniquePhone } from '../../test/factories.ts';
import { createBrokerageUser, createChannel, createHouseClient, createSignTask } from '../../test/factories-house.ts';
import { makeJpeg, postFile } from '../../test/factories-money.ts';
import { cookieFrom, getForBody, loginAs, postForBody, postForm } from '../../test/http.ts';
import { newPartnerCookie, sessionCookie } from '../../test/sessions.ts';

type Body<T = Record<string, unknown>> = { code: number; msg: string; data: T | null };
type Page = { list: Record<string, unknown>[]; next_cursor: number | null };

// Mid-month in China, so "this month" and "last month" are unambiguous whatever today is.
const NOW = new Date('2026-06-15T04:00:00Z');
let jpeg: Buffer;
const test = testAppForFile({ now: () => NOW });
beforeAll(async () => {
  jpeg = await makeJpeg({ width: 64, height: 48 });
});

let serial = 0;
const agentPhone = () => uniquePhone('137', ++serial, 7919, 20_000_000);

const post = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  fields: Record<string, string | number> = {},
) => postForBody<Body<T>>(test.app, `/api/houseloan/${url}`, fields, cookie ? { cookie } : {});
const get = <T = Record<string, unknown>>(
  cookie: string | undefined,
  url: string,
  query: Record<string, string | number> = {},
) => getForBody<Body<T>>(test.app, url.startsWith('/') ? url : `/api/houseloan/${url}`, query, { cookie });

let referralSerial = 0;
const referral = (overrides: Record<string, string | number> = {}) => ({
  type: 1,
  name: '冯晓',
  // Each referral its own customer: one customer's phone is one holder's (decision 066).
  phone: `1381234${String(1111 + ++referralSerial).padStart(4, '0')}`,
  loan_amount: '800000',
  term_months: 240,
  bank: '招商银行',
  remark: '周末可面签',
  ...overrides,
});

/** A company with a channel (owned by a salesperson), two of its agents, a steward, and a second channel and company. */
async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const sales = await createStaff(test.db, corp.id, { teamId: team.id });
  const colleague = await createStaff(test.db, corp.id, { teamId: team.id });
  const steward = await createStaff(test.db, corp.id, { jobs: [5], name: '孙管家' });
  const steward2 = await createStaff(test.db, corp.id, { jobs: [5], name: '钱管家' });
  const financeLeader = await createStaff(test.db, corp.id, { jobs: [4], isLeader: true });
  const channel = await createChannel(test.db, corp.id, sales.id, { name: '链家静安寺店' });
  const otherChannel = await createChannel(test.db, corp.id, colleague.id, { name: '中原地产徐汇店' });
  const agent = await createBrokerageUser(test.db, corp.id, sales.id, { channelId: channel.id, phone: agentPhone() });
  const sameChannelAgent = await createBrokerageUser(test.db, corp.id, sales.id, {
    channelId: channel.id,
    phone: agentPhone(),
  });
  const otherAgent = await createBrokerageUser(test.db, corp.id, colleague.id, {
    channelId: otherChannel.id,
    phone: agentPhone(),
  });
  const otherCorp = await createCompany(test.db);
  const outsiderSteward = await createStaff(test.db, otherCorp.id, { jobs: [5] });
  const agentCookie = (a: { corpId: number; id: number }) =>
    sessionCookie(test, { kind: 'channel', corpId: a.corpId, channelAgentId: a.id });
  return {
    corp,
    team,
    sales,
    steward,
    steward2,
    channel,
    otherChannel,
    agent,
    otherAgent,
    otherCorp,
    cookies: {
      agent: await agentCookie(agent),
      sameChannelAgent: await agentCookie(sameChannelAgent),
      otherAgent: await agentCookie(otherAgent),
      sales: await loginAs(test, sales),
      colleague: await loginAs(test, colleague),
      steward: await loginAs(test, steward),
      steward2: await loginAs(test, steward2),
      financeLeader: await loginAs(test, financeLeader),
      outsiderSteward: await loginAs(test, outsiderSteward),
      partner: await newPartnerCookie(test, sales),
    },
  };
}

async function addReferral(cookie: string, overrides: Record<string, string | number> = {}) {
  const added = await post<{ id: number }>(cookie, 'add', referral(overrides));
  expect(added.body).toMatchObject({ code: 0, msg: '报单成功，请拍摄客户授权书' });
  return added.body.data?.id ?? 0;
}

describe('channel agent login (SMS code, agents registered by staff only)', () => {
  it('texts an agent, logs them in as a channel principal, and answers ys_house_channel without a secret', async () => {
    const w = await world();
    await postForm(test.app, '/common/smsCode', { phone: w.agent.phone, scene: 'houseloan' });
    const code = test.sms.lastCodeFor(w.agent.phone);
    expect(code).toMatch(/^\d{6}$/);
    const response = await postForm(test.app, '/api/houseloan/login', {
      corp_id: w.corp.id,
      phone: w.agent.phone,
      code: code ?? '',
    });
    const body = response.json<Body>();
    expect(body).toMatchObject({
      code: 0,
      data: { id: w.agent.id, channel_id: w.channel.id, channel_name: '链家静安寺店', wechat_bound: false },
    });
    expect(JSON.stringify(body)).not.toMatch(/token|secret/i);
    const account = await get(cookieFrom(response), 'account');
    expect(account.body.data).toMatchObject({ id: w.agent.id });
    // A channel session is no staff session.
    expect((await postForBody(test.app, '/api/crm/userinfo', {}, { cookie: cookieFrom(response) })).status).toBe(403);
  });

  it('sends nothing to a phone no agent has, and refuses a wrong code, another company and a stopped channel', async () => {
    const w = await world();
    const stranger = agentPhone();
    await postForm(test.app, '/common/smsCode', { phone: stranger, scene: 'houseloan' });
    expect(test.sms.lastCodeFor(stranger)).toBeUndefined();

    await postForm(test.app, '/common/smsCode', { phone: w.agent.phone, scene: 'houseloan' });
    const code = test.sms.lastCodeFor(w.agent.phone) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await post(undefined, 'login', { corp_id: w.corp.id, phone: w.agent.phone, code: wrong });
    expect(refused.body.code).not.toBe(0);
    const elsewhere = await post(undefined, 'login', { corp_id: w.otherCorp.id, phone: w.agent.phone, code });
    expect(elsewhere.body).toMatchObject({ msg: '该手机号未登记为渠道经纪人，请联系渠道对接的客户经理' });
    const bad = await post(undefined, 'login', { corp_id: w.corp.id, phone: '123', code: 'x' });
    expect(bad.body.code).toBe(1);
    expect(bad.body.msg).toMatch(/手机号/);

    const unclear = await postForBody<Body>(
      test.app,
      '/api/crm/houseChannelStatus',
      { id: w.channel.id, enabled: 'no' },
      { cookie: w.cookies.sales },
    );
    expect(unclear.body.code).toBe(1);
    const stop = await test.app.inject({
      method: 'POST',
      url: '/api/crm/houseChannelStatus',
      payload: { id: w.channel.id, enabled: false },
      headers: { cookie: w.cookies.sales },
    });
    expect(stop.json<Body>()).toMatchObject({ code: 0 });
    await postForm(test.app, '/common/smsCode', { phone: w.agent.phone, scene: 'houseloan' }, { headers: {} });
    const again = test.sms.lastCodeFor(w.agent.phone) ?? '';
    const stopped = await post(undefined, 'login', { corp_id: w.corp.id, phone: w.agent.phone, code: again });
    expect(stopped.body).toMatchObject({ msg: '所属渠道已停用，暂不能登录或报单' });
    // And a session opened before the stop can do nothing more.
    expect((await post(w.cookies.agent, 'list')).status).toBe(403);
  });

  it("gives the channel's salesperson the agents' login link and its QR code, and nobody outside the channel", async () => {
    const w = await world();
    const entry = (cookie: string, id: number | string) =>
      test.app.inject({ method: 'GET', url: `/api/crm/houseChannelEntry?id=${id}`, headers: { cookie } });
    const mine = (await entry(w.cookies.sales, w.channel.id)).json<Body<{ link: string; png: string }>>();
    expect(mine.data?.link).toMatch(new RegExp(`/houseloan/login\\?corp=${w.corp.id}$`));
    const png = Buffer.from(mine.data?.png.replace('data:image/png;base64,', '') ?? '', 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect((await entry(w.cookies.sales, 'x')).json<Body>().code).toBe(1);
    expect((await entry(w.cookies.colleague, w.channel.id)).statusCode).toBe(403);
    expect((await entry(w.cookies.outsiderSteward, w.channel.id)).statusCode).toBe(404);
    expect((await entry(w.cookies.agent, w.channel.id)).statusCode).toBe(403);
  });

  it('lets only the channel owner (or finance) stop a channel, within the company', async () => {
    const w = await world();
    const stop = (cookie: string, id: number) =>
      test.app.inject({
        method: 'POST',
        url: '/api/crm/houseChannelStatus',
        payload: { id, enabled: false },
        headers: { cookie },
      });
    expect((await stop(w.cookies.colleague, w.channel.id)).statusCode).toBe(403);
    expect((await stop(w.cookies.outsiderSteward, w.channel.id)).statusCode).toBe(404);
    expect((await stop(w.cookies.agent, w.channel.id)).statusCode).toBe(403);
    const list = await postForBody<Body<Page>>(
      test.app,
      '/api/crm/getHouseChannelList',
      { page: 1 },
      { cookie: w.cookies.sales },
    );
    expect(list.body.data?.list.find((c) => c.id === w.channel.id)).toMatchObject({ enabled: true });
  });
});

describe('referrals (add, consent photo, list, detail)', () => {
  it('lands a referral in the house clients staff manage, owned by the channel salesperson, with no steward yet', async () => {
    const w = await world();
    const id = await addReferral(w.cookies.agent, { type: 2 });
    const [row] = await test.db.select().from(houseClients).where(eq(houseClients.id, id));
    expect(row).toMatchObject({
      corpId: w.corp.id,
      ownerId: w.sales.id,
      teamId: w.team.id,
      stewardId: null,
      source: 'channel',
      channelId: w.channel.id,
      channelAgentId: w.agent.id,
      product: 'card',
      loanAmountFen: 80_000_000,
    });
    // The salesperson sees it among their clients; the stewards' pool offers it.
    const mine = await postForBody<Body<Page>>(
      test.app,
      '/api/crm/getHouseList',
      { page: 1 },
      { cookie: w.cookies.sales },
    );
    expect(mine.body.data?.list.map((c) => c.id)).toContain(id);
    const pool = await postForBody<Body<Page>>(test.app, '/api/crm/getHousePool', {}, { cookie: w.cookies.steward });
    expect(pool.body.data?.list.map((c) => c.id)).toContain(id);
    expect((await postForBody<Body>(test.app, '/api/crm/getHousePool', {}, { cookie: w.cookies.sales })).status).toBe(
      403,
    );
  });

  it('refuses bad input with the staff form rules, in Chinese, and writes nothing', async () => {
    const w = await world();
    for (const [field, value, msg] of [
      ['name', '', /姓名/],
      ['type', 3, /贷款类型/],
      ['term_months', 7, /期限/],
      ['loan_amount', '12.345', /金额/],
      ['phone', '1381234', /手机/],
    ] as const) {
      const refused = await post(w.cookies.agent, 'add', referral({ [field]: value }));
      expect(refused.body.code).toBe(1);
      expect(refused.body.msg).toMatch(msg);
    }
    expect(await test.db.select().from(houseClients).where(eq(houseClients.channelAgentId, w.agent.id))).toEqual([]);
  });

  it('serves channel agents only: every call turns away staff, partners and strangers, and allot the agents', async () => {
    const w = await world();
    const id = await addReferral(w.cookies.agent);
    const calls: [method: 'GET' | 'POST', url: string, fields: Record<string, string | number>][] = [
      ['GET', 'account', {}],
      ['POST', 'add', referral()],
      ['POST', 'list', {}],
      ['POST', 'detail', { id }],
      ['POST', 'brokerage', {}],
      ['POST', 'sign', {}],
      ['GET', 'bank', {}],
      ['GET', 'service', {}],
      ['GET', 'waiter', { id }],
      ['GET', 'status', {}],
    ];
    for (const [method, url, fields] of calls) {
      const ask = (cookie: string | undefined) =>
        method === 'GET' ? get(cookie, url, fields) : post(cookie, url, fields);
      expect([url, (await ask(w.cookies.sales)).status]).toEqual([url, 403]);
      expect([url, (await ask(w.cookies.partner)).status]).toEqual([url, 403]);
      expect([url, (await ask(undefined)).status]).toEqual([url, 401]);
      expect([url, (await ask(w.cookies.agent)).body.code]).toEqual([url, 0]);
    }
    const photo = (cookie: string) => postFile(test, '/api/houseloan/authPhoto', { id }, jpeg, { cookie });
    expect((await photo(w.cookies.sales)).statusCode).toBe(403);
    expect((await photo(w.cookies.partner)).statusCode).toBe(403);
    expect((await post(w.cookies.partner, 'allot', { id })).status).toBe(403);
    // Bad ids are refused before anything is looked up.
    expect((await get(w.cookies.agent, 'waiter', { id: -1 })).body.code).toBe(1);
    expect((await post(w.cookies.agent, 'sign', { cursor: 'x' })).body.code).toBe(1);
  });

  it('stores the consent photo as the client document 客户授权书, uploaded by the agent', async () => {
    const w = await world();
    const id = await addReferral(w.cookies.agent);
    expect(
      (await post<Page>(w.cookies.agent, 'list', { missing_consent: '1' })).body.data?.list.map((r) => r.id),
    ).toEqual([id]);
    const upload = await postFile(test, '/api/houseloan/authPhoto', { id }, jpeg, { cookie: w.cookies.agent });
    expect(upload.json<Body>()).toMatchObject({ code: 0, msg: '授权书已上传' });
    const images = await test.db.select().from(houseImages).where(eq(houseImages.houseClientId, id));
    expect(images).toMatchObject([{ houseType: 7, uploadedBy: null, uploadedByAgentId: w.agent.id }]);
    expect((await post<Page>(w.cookies.agent, 'list', { missing_consent: '1' })).body.data?.list).toEqual([]);
    const detail = await post<{ has_consent: boolean }>(w.cookies.agent, 'detail', { id });
    expect(detail.body.data?.has_consent).toBe(true);
    // Staff see it among the client's documents.
    const staffView = await test.app.inject({
      method: 'GET',
      url: '/api/crm/getHouseImg',
      query: { id: String(id), house_type: '7' },
      headers: { cookie: w.cookies.sales },
    });
    expect(staffView.json<Body<unknown[]>>().data).toHaveLength(1);

    const foreign = await postFile(test, '/api/houseloan/authPhoto', { id }, jpeg, {
      cookie: w.cookies.sameChannelAgent,
    });
    expect(foreign.statusCode).toBe(404);
    const notImage = await postFile(test, '/api/houseloan/authPhoto', { id }, Buffer.from('not an image'), {
      cookie: w.cookies.agent,
    });
    expect(notImage.json<Body>().code).not.toBe(0);
  });

  it("lists the agent's own referrals with masked phones, by stage, and shows another agent's as not found", async () => {
    const w = await world();
    const first = await addReferral(w.cookies.agent);
    const second = await addReferral(w.cookies.agent, { name: '韩雪', phone: '13812342222' });
    await test.db.update(houseClients).set({ stewardId: w.steward.id }).where(eq(houseClients.id, second));
    const list = await post<Page>(w.cookies.agent, 'list');
    expect(list.body.data?.list).toMatchObject([
      { id: second, stage: 'taken', phone: '138****2222' },
      { id: first, stage: 'waiting', has_consent: false },
    ]);
    expect((await post<Page>(w.cookies.agent, 'list', { stage: 'waiting' })).body.data?.list.map((r) => r.id)).toEqual([
      first,
    ]);
    expect((await post<Page>(w.cookies.agent, 'list', { stage: 'bogus' })).body.code).toBe(1);
    expect((await post<Page>(w.cookies.sameChannelAgent, 'list')).body.data?.list).toEqual([]);

    const detail = await post(w.cookies.agent, 'detail', { id: second });
    expect(detail.body.data).toMatchObject({ phone: '138****2222', steward: { id: w.steward.id, name: '孙管家' } });
    expect((await post(w.cookies.otherAgent, 'detail', { id: second })).status).toBe(404);
    expect((await post(w.cookies.agent, 'detail', { id: 'x' })).body.code).toBe(1);
    const waiter = await get(w.cookies.agent, 'waiter', { id: first });
    expect(waiter.body).toMatchObject({ code: 0, data: null });
    expect((await get(w.cookies.otherAgent, 'waiter', { id: first })).status).toBe(404);
  });

  it('answers the contacts, banks and stage options', async () => {
    const w = await world();
    expect((await get(w.cookies.agent, 'service')).body.data).toMatchObject({ id: w.sales.id, phone: w.sales.phone });
    expect((await get(w.cookies.otherAgent, 'service')).body.data).toMatchObject({ phone: expect.any(String) });
    expect((await get(w.cookies.agent, 'bank')).body.code).toBe(0);
    expect((await get(w.cookies.agent, 'status')).body.data).toContainEqual({ value: 'waiting', label: '待管家接单' });
    expect((await get(w.cookies.sales, 'status')).status).toBe(403);
  });
});

describe('allot: a steward takes a referral', () => {
  it('gives the referral to the first steward; the second hears who holds it', async () => {
    const w = await world();
    const id = await addReferral(w.cookies.agent);
    const taken = await post(w.cookies.steward, 'allot', { id });
    expect(taken.body).toMatchObject({ code: 0, msg: '接单成功' });
    const late = await post(w.cookies.steward2, 'allot', { id });
    expect(late.body).toMatchObject({ code: 1, msg: '该客户已由孙管家接单' });
    expect((await post<Page>(w.cookies.agent, 'list')).body.data?.list[0]).toMatchObject({ stage: 'taken' });
    // Now in the steward's own list, waiting for the docking.
    const stewardList = await postForBody<Body<Page>>(
      test.app,
      '/api/crm/getHouseList2',
      { id: w.steward.id, status: 2, steward_status: 'waiting' },
      { cookie: w.cookies.steward },
    );
    expect(stewardList.body.data?.list.map((c) => c.id)).toContain(id);
  });

  it("counts a referral nobody holds in every steward's badge, then only in the taker's", async () => {
    const w = await world();
    const remind = async (cookie: string, id: number) =>
      (await postForBody<Body<{ total: { remind: number } }>>(test.app, '/api/crm/userinfo', { id }, { cookie })).body
        .data?.total.remind;
    expect(await remind(w.cookies.steward, w.steward.id)).toBe(0);
    const id = await addReferral(w.cookies.agent);
    expect(await remind(w.cookies.steward, w.steward.id)).toBe(1);
    expect(await remind(w.cookies.steward2, w.steward2.id)).toBe(1);
    await post(w.cookies.steward2, 'allot', { id });
    expect(await remind(w.cookies.steward, w.steward.id)).toBe(0);
    expect(await remind(w.cookies.steward2, w.steward2.id)).toBe(1);
  });

  it('lets a finance leader name a steward, and refuses others', async () => {
    const w = await world();
    const id = await addReferral(w.cookies.agent);
    expect((await post(w.cookies.sales, 'allot', { id })).status).toBe(403);
    expect((await post(w.cookies.agent, 'allot', { id })).status).toBe(403);
    expect((await post(w.cookies.outsiderSteward, 'allot', { id })).status).toBe(404);
    expect((await post(w.cookies.financeLeader, 'allot', { id, steward_id: w.sales.id })).body).toMatchObject({
      msg: '所选员工不是本公司的房贷管家',
    });
    expect((await post(w.cookies.steward, 'allot', { id, steward_id: w.steward2.id })).status).toBe(403);
    expect((await post(w.cookies.financeLeader, 'allot', { id, steward_id: w.steward2.id })).body.code).toBe(0);
    expect((await post(w.cookies.agent, 'detail', { id })).body.data).toMatchObject({ steward: { name: '钱管家' } });
    expect((await post(w.cookies.steward, 'allot', { id: 0 })).body.code).toBe(1);
  });
});

describe("the agent's brokerage and signing appointments", () => {
  it('shows what the agent earns per client, paid and pending, and the appointment at the bank', async () => {
    const w = await world();
    const client = await createHouseClient(test.db, w.corp.id, w.sales.id, {
      channelId: w.channel.id,
      channelAgentId: w.agent.id,
      stewardId: w.steward.id,
      status: 2,
      name: '赵磊',
    });
    await test.db.insert(houseBrokerageOrders).values([
      {
        corpId: w.corp.id,
        houseClientId: client.id,
        brokerageUserId: w.agent.id,
        amountFen: 700_000,
        rateBp: 100,
        status: 2,
        createdBy: w.sales.id,
        decidedAt: NOW,
      },
      {
        corpId: w.corp.id,
        houseClientId: client.id,
        brokerageUserId: w.agent.id,
        amountFen: 500_000,
        rateBp: 100,
        createdBy: w.sales.id,
      },
      {
        corpId: w.corp.id,
        houseClientId: client.id,
        brokerageUserId: w.agent.id,
        amountFen: 90_000,
        rateBp: 100,
        status: 3,
        createdBy: w.sales.id,
      },
    ]);
    await createSignTask(
      test.db,
      w.corp.id,
      { houseClientId: client.id },
      { appointmentAt: new Date('2026-06-20T02:00:00Z'), place: '建设银行浦东分行' },
    );

    const brokerage = await post<{ pending_fen: number; paid_fen: number; list: unknown[] }>(
      w.cookies.agent,
      'brokerage',
    );
    expect(brokerage.body.data).toMatchObject({ pending_fen: 500_000, paid_fen: 700_000 });
    expect(brokerage.body.data?.list).toHaveLength(3);
    expect(
      (await post<{ list: unknown[]; paid_fen: number }>(w.cookies.sameChannelAgent, 'brokerage')).body.data,
    ).toMatchObject({ list: [], paid_fen: 0 });
    expect((await post(w.cookies.agent, 'brokerage', { cursor: 'abc' })).body.code).toBe(1);

    const sign = await post<Page>(w.cookies.agent, 'sign');
    expect(sign.body.data?.list).toMatchObject([{ client_name: '赵磊', place: '建设银行浦东分行', stage: 'signing' }]);
    expect((await post<Page>(w.cookies.otherAgent, 'sign')).body.data?.list).toEqual([]);
    const detail = await post(w.cookies.agent, 'detail', { id: client.id });
    expect(detail.body.data).toMatchObject({
      stage: 'signing',
      place: '建设银行浦东分行',
      brokerage: expect.any(Array),
    });
  });
});

describe('the best list (public, no personal data)', () => {
  it("ranks the company's channels by referrals signed and brokerage paid this month, outside any session", async () => {
    const w = await world();
    const agentRow = { channelAgentId: w.agent.id, stewardId: w.steward.id, status: 3 };
    for (const signedAt of [new Date('2026-06-02T00:00:00Z'), new Date('2026-06-14T00:00:00Z')])
      await createHouseClient(test.db, w.corp.id, w.sales.id, {
        ...agentRow,
        channelId: w.channel.id,
        signedAt,
        phone: '13811112222',
      });
    // Signed last month (China time: 31 May 23:00): not this month's.
    await createHouseClient(test.db, w.corp.id, w.sales.id, {
      ...agentRow,
      channelId: w.otherChannel.id,
      signedAt: new Date('2026-05-31T15:00:00Z'),
    });
    const thisMonth = await createHouseClient(test.db, w.corp.id, w.sales.id, {
      ...agentRow,
      channelId: w.otherChannel.id,
      signedAt: new Date('2026-06-01T00:00:00Z'),
    });
    await test.db.insert(houseBrokerageOrders).values({
      corpId: w.corp.id,
      houseClientId: thisMonth.id,
      brokerageUserId: w.otherAgent.id,
      amountFen: 300_000,
      rateBp: 100,
      status: 2,
      createdBy: w.sales.id,
      decidedAt: NOW,
    });

    const best = await get<{ month: string; list: Record<string, unknown>[] }>(undefined, 'bestList', {
      corp: w.corp.id,
    });
    expect(best.body.data).toMatchObject({
      month: '2026-06',
      list: [
        { rank: 1, channel_id: w.channel.id, channel_name: '链家静安寺店', completed: 2, brokerage_fen: 0 },
        { rank: 2, channel_id: w.otherChannel.id, completed: 1, brokerage_fen: 300_000 },
      ],
    });
    expect(JSON.stringify(best.body)).not.toMatch(/138\d{8}|1381111|返佣人|管家/);

    const detail = await get<{ rank: number; months: { month: string; completed: number }[] }>(
      undefined,
      'bestDetail',
      {
        corp: w.corp.id,
        id: w.otherChannel.id,
      },
    );
    expect(detail.body.data?.rank).toBe(2);
    expect(detail.body.data?.months.slice(-2)).toEqual([
      { month: '2026-05', completed: 1, brokerage_fen: 0 },
      { month: '2026-06', completed: 1, brokerage_fen: 300_000 },
    ]);
    expect((await get(undefined, 'bestDetail', { corp: w.otherCorp.id, id: w.channel.id })).status).toBe(404);
    expect((await get(undefined, 'bestList', { corp: 'x' })).body.code).toBe(1);
  });
});

describe('WeChat web authorisation (snsapi_base)', () => {
  it('binds the openid WeChat vouched for at login, then signs the agent in on the next visit', async () => {
    const w = await world();
    const start = await test.app.inject({ method: 'GET', url: `/api/houseloan/oauth?corp=${w.corp.id}` });
    expect(start.statusCode).toBe(302);
    const back = new URL(String(start.headers.location));
    expect(back.pathname).toBe('/api/houseloan/oauth/callback');
    const state = cookieFrom(start, 'crm_wechat_state');
    const callback = await test.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: state },
    });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`/houseloan/login?corp=${w.corp.id}`);
    const openidCookie = cookieFrom(callback, 'crm_wechat_openid');

    await postForm(test.app, '/common/smsCode', { phone: w.agent.phone, scene: 'houseloan' });
    const login = await postForm(
      test.app,
      '/api/houseloan/login',
      { corp_id: w.corp.id, phone: w.agent.phone, code: test.sms.lastCodeFor(w.agent.phone) ?? '' },
      { cookie: openidCookie },
    );
    expect(login.json<Body>()).toMatchObject({ code: 0, data: { wechat_bound: true } });

    const again = await test.app.inject({ method: 'GET', url: `/api/houseloan/oauth?corp=${w.corp.id}` });
    const next = new URL(String(again.headers.location));
    const signedIn = await test.app.inject({
      method: 'GET',
      url: `${next.pathname}${next.search}`,
      headers: { cookie: cookieFrom(again, 'crm_wechat_state') },
    });
    expect(String(signedIn.headers.location)).toMatch(/^\/houseloan\/home\/o/);
    expect((await get(cookieFrom(signedIn), 'account')).body.data).toMatchObject({ id: w.agent.id });
  });

  it('refuses a callback whose state this browser did not start', async () => {
    const w = await world();
    const start = await test.app.inject({ method: 'GET', url: `/api/houseloan/oauth?corp=${w.corp.id}` });
    const back = new URL(String(start.headers.location));
    const forged = await test.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(forged.json<Body>()).toMatchObject({ msg: '微信授权已过期，请重新打开页面' });
    expect(forged.cookies.find((c) => c.name === 'crm_session')).toBeUndefined();
  });
});
