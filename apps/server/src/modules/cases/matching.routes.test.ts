import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities } from '../../db/schema/cases.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { caseForm, createBankAndProduct } from '../../test/factories-cases.ts';
import { getForBody, loginAs, postForBody } from '../../test/http.ts';
import { newPartnerCookie } from '../../test/sessions.ts';

/*
 * Decision 068: POST productMatch reads a profile against the company's products; a case's fees travel on
 * addClient / updateClient and come back on detail with the all-in cost; above 36 % a case is refused.
 */

const NOW = new Date('2026-11-21T08:00:00Z');
type Body<T = unknown> = { code: number; msg: string; data: T };
type Person = { cookie: string };
type Match = {
  all_in_cost_cap: number;
  list: {
    product_id: number;
    product_name: string;
    verdict: string;
    score: number;
    score_note: string;
    rules: { key: string; result: string; text: string }[];
    price: string;
    month_payment_fen: number | null;
    all_in_cost: number | null;
    fees: { kind: string; mode: string; amount_fen: number; payee: string }[];
  }[];
};
type Detail = { fees: unknown[]; all_in_cost: number | null; all_in_cost_cap: number };

let test: TestApp;
let owner: Person;
let stranger: Person;
let corpA = 0;
let strict = 0;
let easy = 0;
let unpriced = 0;

beforeAll(async () => {
  test = await buildTestApp({ now: () => NOW });
  const a = await createCompany(test.db);
  const b = await createCompany(test.db);
  corpA = a.id;
  const team = await createTeam(test.db, a.id);
  owner = { cookie: await loginAs(test, await createStaff(test.db, a.id, { teamId: team.id })) };
  stranger = { cookie: await loginAs(test, await createStaff(test.db, b.id, { isLeader: true, jobs: [2, 3, 4, 5] })) };
  // A salaried product with rules and fees: 0.5 % a month flat, 2 % guarantee up front.
  strict = (
    await createBankAndProduct(test.db, a.id, {
      name: '严格产品',
      feeType: 1,
      ratePpm: 5000,
      termsMonths: [12, 24],
      rules: { social_security_months_min: 12, age_min: 22, age_max: 55, queries_3m_max: 4 },
      fees: [{ kind: 'guarantee', mode: 'once', rate_ppm: 20_000, payee: '担保公司' }],
    })
  ).product.id;
  // An easy product with a 4.9 % annual rate and no rules: everyone passes.
  easy = (
    await createBankAndProduct(test.db, a.id, {
      name: '宽松产品',
      feeType: 3,
      ratePpm: 49_000,
      repaymentMethod: 1,
      termsMonths: [12],
    })
  ).product.id;
  unpriced = (await createBankAndProduct(test.db, a.id, { name: '未定价产品', termsMonths: [] })).product.id;
  await createBankAndProduct(test.db, b.id, { name: '别司产品' });
});
afterAll(() => test.close());

const post = <T = unknown>(who: Person | null, url: string, fields: Record<string, string | number> = {}) =>
  postForBody<Body<T>>(test.app, url, fields, who ? { cookie: who.cookie } : {});
const get = <T = unknown>(who: Person, url: string) => getForBody<Body<T>>(test.app, url, {}, { cookie: who.cookie });
const match = (who: Person | null, fields: Record<string, string | number>) =>
  post<Match>(who, '/api/crm/productMatch', fields);

describe('POST /api/crm/productMatch', () => {
  it('reads each rule in words, scores it, prices it, and lists passes first', async () => {
    const { body } = await match(owner, { age: '30', social_security_months: '6', amount: '120000', term: '12' });
    expect(body.code).toBe(0);
    expect(body.data.all_in_cost_cap).toBe(24);
    expect(body.data.list.map((row) => row.product_name)).toEqual(['宽松产品', '未定价产品', '严格产品']);
    const row = body.data.list.find((item) => item.product_id === strict)!;
    expect(row.verdict).toBe('fail');
    expect(row.rules).toEqual([
      { key: 'age', result: 'pass', text: '年龄 30 岁，要求 22 岁–55 岁' },
      { key: 'social_security', result: 'fail', text: '社保 6 个月，要求 ≥ 12 个月' },
      { key: 'queries_3m', result: 'unknown', text: '近 3 个月查询 未填写，要求 ≤ 4 次' },
      { key: 'amount', result: 'pass', text: '金额 ¥120,000.00，要求 ¥10,000.00–¥200,000.00' },
      { key: 'term', result: 'pass', text: '期限 12 个月，要求 12、24 个月' },
    ]);
    expect(row.score).toBe(70);
    expect(row.score_note).toBe('通过 3 项，待确认 1 项（各计半分），不通过 1 项，共 5 项：70 分');
    expect(row.price).toBe('月费率 0.50%');
    // 120,000 over 12 months: 10,000 principal + 600 fee a month; 2,400 guarantee taken at payout.
    expect(row.month_payment_fen).toBe(1_060_000);
    expect(row.fees).toEqual([{ kind: 'guarantee', mode: 'once', amount_fen: 240_000, payee: '担保公司' }]);
    expect(row.all_in_cost).toBe(14.74);
    const easyRow = body.data.list.find((item) => item.product_id === easy)!;
    expect(easyRow.verdict).toBe('pass');
    expect(easyRow.all_in_cost).toBeCloseTo(4.9, 2);
    const bare = body.data.list.find((item) => item.product_id === unpriced)!;
    expect(bare).toMatchObject({ price: '未定价', month_payment_fen: null, all_in_cost: null });
  });

  it('passes a client who meets every rule', async () => {
    const { body } = await match(owner, {
      age: '40',
      social_security_months: '24',
      queries_3m: '1',
      amount: '100000',
      term: '24',
    });
    const row = body.data.list.find((item) => item.product_id === strict)!;
    expect(row).toMatchObject({ verdict: 'pass', score: 100 });
  });

  it.each([
    [{ term: '12' }, '请填写贷款金额'],
    [{ amount: '50000' }, '请选择期限'],
    [{ amount: '50000', term: '12', age: '200' }, '年龄须为 16–100 的整数'],
    [{ amount: '50000', term: '12', employer_type: '99' }, '单位性质无效'],
    [{ amount: 'abc', term: '12' }, '贷款金额格式不正确（元，最多两位小数）'],
  ])('refuses %o in words', async (fields, message) => {
    const { status, body } = await match(owner, fields);
    expect(status).toBeLessThan(500);
    expect(body.code).not.toBe(0);
    expect(body.msg).toContain(message);
  });

  it("shows another company's staff only their own products", async () => {
    const { body } = await match(stranger, { amount: '50000', term: '12' });
    expect(body.data.list.map((row) => row.product_name)).toEqual(['别司产品']);
  });

  it('refuses a caller without a staff session', async () => {
    expect((await match(null, { amount: '50000', term: '12' })).status).toBe(401);
  });
});

describe('GET /api/crm/city (the cities admission rules and 匹配产品 pick from)', () => {
  type City = { id: number; name: string; parent_id: number | null };
  const list = (who: { cookie?: string }, query: Record<string, string> = {}) =>
    getForBody<Body<City[]>>(test.app, '/api/crm/city', query, who);
  beforeAll(async () => {
    await test.db
      .insert(cities)
      .values([
        { id: 990000, name: '测试省' },
        { id: 990100, parentId: 990000, name: '测试市' },
      ])
      .onConflictDoNothing();
  });

  it('lists every province and city with its parent, to any staff member of any company', async () => {
    for (const who of [owner, stranger]) {
      const { body } = await list(who);
      expect(body.code).toBe(0);
      expect(body.data).toEqual(
        expect.arrayContaining([
          { id: 990000, name: '测试省', parent_id: null },
          { id: 990100, name: '测试市', parent_id: 990000 },
        ]),
      );
    }
  });

  it('takes no fields: what a caller adds to the query is not read, and the list is whole', async () => {
    const whole = await list(owner);
    const { body } = await list(owner, { parent_id: 'abc', id: '-1' });
    expect(body.code).toBe(0);
    expect(body.data).toEqual(whole.body.data);
  });

  it('refuses a caller without a session and a partner (cities are for staff forms)', async () => {
    expect((await list({})).status).toBe(401);
    const partner = await newPartnerCookie(test, await createStaff(test.db, corpA));
    const refused = await list({ cookie: partner });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.data ?? null).toBeNull();
  });
});

describe("a case's fees and all-in cost", () => {
  const fees = (list: { kind: string; mode: string; amount_fen: number; payee: string }[]) => JSON.stringify(list);

  it('keeps the fees through addClient, detail and updateClient, with the cost recomputed', async () => {
    const sent = [
      { kind: 'guarantee', mode: 'once', amount_fen: 240_000, payee: '担保公司' },
      { kind: 'service', mode: 'monthly', amount_fen: 10_000, payee: '本公司' },
    ];
    const form = caseForm({ amount: '120000', term: '12', product_id: String(strict), fees: fees(sent) });
    const added = await post<{ id: number }>(owner, '/api/crm/addClient', form);
    expect(added.body.code).toBe(0);
    const id = added.body.data.id;
    const detail = await get<Detail>(owner, `/api/crm/detail?id=${id}`);
    expect(detail.body.data.fees).toEqual(sent);
    expect(detail.body.data.all_in_cost_cap).toBe(24);
    const withService = detail.body.data.all_in_cost!;
    expect(withService).toBeGreaterThan(14.74);

    const updated = await post(owner, '/api/crm/updateClient', { ...form, id, fees: fees(sent.slice(0, 1)) });
    expect(updated.body.code).toBe(0);
    const after = await get<Detail>(owner, `/api/crm/detail?id=${id}`);
    expect(after.body.data.fees).toEqual(sent.slice(0, 1));
    expect(after.body.data.all_in_cost).toBe(14.74);

    const cleared = await post(owner, '/api/crm/updateClient', { ...form, id, fees: '' });
    expect(cleared.body.code).toBe(0);
    expect((await get<Detail>(owner, `/api/crm/detail?id=${id}`)).body.data.fees).toEqual([]);
  });

  it('answers the company cap it sets', async () => {
    await test.db.update(companies).set({ allInCostCapBp: 1800 }).where(eq(companies.id, corpA));
    const added = await post<{ id: number }>(owner, '/api/crm/addClient', caseForm({ amount: '50000', term: '12' }));
    const detail = await get<Detail>(owner, `/api/crm/detail?id=${added.body.data.id}`);
    expect(detail.body.data).toMatchObject({ all_in_cost_cap: 18, all_in_cost: 0, fees: [] });
    // The case form reads the same line as it is typed (allInCostCap); another company's is its own.
    expect((await post(owner, '/api/crm/allInCostCap')).body).toMatchObject({ code: 0, data: { all_in_cost_cap: 18 } });
    expect((await post(stranger, '/api/crm/allInCostCap')).body.data).toEqual({ all_in_cost_cap: 24 });
    expect((await post(null, '/api/crm/allInCostCap')).status).toBe(401);
    await test.db.update(companies).set({ allInCostCapBp: 2400 }).where(eq(companies.id, corpA));
  });

  it('refuses to submit a case whose all-in cost is above 36 %, in words, and takes one just below', async () => {
    // 0.5 % a month flat (about 10.9 %) and a 3 % monthly service fee: far above 36 %.
    const dear = caseForm({
      amount: '100000',
      term: '12',
      product_id: String(strict),
      fees: fees([{ kind: 'service', mode: 'monthly', amount_fen: 300_000, payee: '本公司' }]),
    });
    const refused = await post(owner, '/api/crm/addClient', dear);
    expect(refused.status).toBe(200);
    expect(refused.body.code).not.toBe(0);
    expect(refused.body.msg).toMatch(/^综合年化成本 \d+\.\d{2}%，超过 36%，不能提交报单/);

    const eaten = caseForm({
      amount: '100000',
      term: '12',
      fees: fees([{ kind: 'other', mode: 'once', amount_fen: 10_000_000, payee: '本公司' }]),
    });
    expect((await post(owner, '/api/crm/addClient', eaten)).body.msg).toBe('一次性费用不能达到贷款金额，请调整费用');

    // No product price, 1 % a month on top: 12 % a year, above nothing.
    const fair = caseForm({
      amount: '100000',
      term: '12',
      fees: fees([{ kind: 'interest', mode: 'monthly', amount_fen: 100_000, payee: '贷款银行' }]),
    });
    expect((await post(owner, '/api/crm/addClient', fair)).body.code).toBe(0);
  });

  it('refuses malformed fees in words', async () => {
    for (const [text, message] of [
      ['not json', '费用格式无效'],
      [fees([{ kind: 'bribe', mode: 'once', amount_fen: 1, payee: 'x' }]), '费用类型无效'],
      [JSON.stringify([{ kind: 'service', mode: 'once', amount_fen: -1, payee: 'x' }]), '费用金额不能为负'],
      [JSON.stringify([{ kind: 'service', mode: 'once', amount_fen: 1, payee: '' }]), '请填写收款方'],
    ] as const) {
      const { status, body } = await post(owner, '/api/crm/addClient', caseForm({ fees: text }));
      expect(status).toBeLessThan(500);
      expect(body.msg).toContain(message);
    }
  });
});
