import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { cookieFrom, loginAs, postForm } from '../test/http.ts';
import { seedDemo } from './seed.ts';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
  await seedDemo(test.db);
});
afterAll(() => test.close());

const corp1 = (phone: string) => ({ corpId: 1, phone });
const post = async (cookie: string, name: string, fields: Record<string, string | number> = {}) =>
  (await postForm(test.app, `/api/crm/${name}`, fields, { cookie })).json<{
    code: number;
    data: Record<string, unknown>;
  }>();

describe('home-loan demo data', () => {
  it('lets the demo agent 李经纪 log in to /houseloan and see their referrals; 吴经纪 of a stopped channel cannot', async () => {
    const codeFor = async (phone: string) => {
      await postForm(test.app, '/common/smsCode', { phone, scene: 'houseloan' });
      return test.sms.lastCodeFor(phone) ?? '';
    };
    const login = await postForm(test.app, '/api/houseloan/login', {
      corp_id: 1,
      phone: '13911110001',
      code: await codeFor('13911110001'),
    });
    expect(login.json<{ data: { name: string } }>().data.name).toBe('李经纪');
    const cookie = cookieFrom(login);
    const list = (await postForm(test.app, '/api/houseloan/list', {}, { cookie })).json<{
      data: { list: { name: string; stage: string }[] };
    }>();
    expect(list.data.list.map((r) => [r.name, r.stage])).toEqual([
      ['冯晓', 'waiting'],
      ['钱多多', 'signed'],
      ['赵磊', 'signed'],
      ['沈家豪', 'taken'],
    ]);
    const stopped = await postForm(test.app, '/api/houseloan/login', {
      corp_id: 1,
      phone: '13911110004',
      code: await codeFor('13911110004'),
    });
    expect(stopped.json<{ msg: string }>().msg).toBe('所属渠道已停用，暂不能登录或报单');
  });

  it('gives the salesperson channels, agents and clients, one of them referred by another', async () => {
    const cookie = await loginAs(test, corp1('13800000001'));
    const clients = (await post(cookie, 'getHouseList', { page: 1 })).data.list as { id: number; name: string }[];
    expect(clients.map((c) => c.name).sort()).toEqual(['冯晓', '沈家豪', '赵磊', '钱多多', '马俊'].sort());
    const channels = (await post(cookie, 'getHouseChannelList', { page: 1 })).data.list as { name: string }[];
    expect(channels.map((c) => c.name).sort()).toEqual(['中原地产徐汇店', '链家静安寺店'].sort());
    const maJun = clients.find((c) => c.name === '马俊');
    const detail = await test.app.inject({
      method: 'GET',
      url: '/api/crm/getHouseDetail',
      query: { id: String(maJun?.id) },
      headers: { cookie },
    });
    expect(detail.json<{ data: { chain: { name: string }[] } }>().data.chain.map((c) => c.name)).toEqual(['赵磊']);
  });

  it('has an over-limit brokerage asked by 1 for finance (5) to decide, and orders the rebate-only job (7) sees', async () => {
    const finance = await loginAs(test, corp1('13800000005'));
    const audits = (await post(finance, 'getHouseAudit', { page: 1 })).data.list as {
      client_name: string;
      amount_fen: number;
      requested_by: number;
    }[];
    expect(audits).toEqual([
      expect.objectContaining({ client_name: '钱多多', amount_fen: 6_000_000, requested_by: 1 }),
    ]);
    const rebate = await loginAs(test, corp1('13800000007'));
    const summary = (await post(rebate, 'houseBrokerageOrder')).data as {
      counts: { status: number; count: number; amount_fen: number }[];
    };
    expect(summary.counts).toEqual([
      { status: 1, count: 1, amount_fen: 500_000 },
      // 赵磊's first part and 邵佳's order, paid last month (the commission ledger's demo, decision 067).
      { status: 2, count: 2, amount_fen: 1_500_000 },
      { status: 3, count: 0, amount_fen: 0 },
    ]);
  });

  it('has a bank signing in the task centre', async () => {
    const signer = await loginAs(test, corp1('13800000042'));
    const tasks = (await post(signer, 'taskList', { userid: 42, flag: 1, kind: 'house', page: 1 })).data.list as {
      client_name: string;
      place: string;
    }[];
    expect(tasks).toEqual([expect.objectContaining({ client_name: '韩雪', place: '建设银行浦东分行营业部' })]);
  });
});
