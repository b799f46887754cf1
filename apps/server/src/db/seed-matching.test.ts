import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { staffCookie } from '../test/sessions.ts';
import { caseForm } from '../test/factories-cases.ts';
import { clients } from './schema/cases.ts';
import { seedDemo } from './seed.ts';

/* The matching demo the README walks through (decision 068): what each demo client matches, and what it costs. */

const AT = new Date('2026-11-23T02:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => AT });
  expect(await seedDemo(test.db, () => AT)).toBe(true);
});
afterAll(() => test.close());

type Row = { product_name: string; verdict: string; all_in_cost: number | null };
/** 王小明 (1), the demo salesperson. */
const asWang = async () => ({ cookie: await staffCookie(test, { corpId: 1, id: 1 }) });
const match = async (fields: Record<string, string>) => {
  const body = (
    await test.app.inject({ method: 'POST', url: '/api/crm/productMatch', payload: fields, headers: await asWang() })
  ).json<{ code: number; data: { all_in_cost_cap: number; list: Row[] } }>();
  expect(body.code).toBe(0);
  return body.data.list;
};
const passing = (list: Row[]) => list.filter((row) => row.verdict === 'pass').map((row) => row.product_name);
const detailOf = async (name: string) => {
  const [row] = await test.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.corpId, 1), eq(clients.name, name)));
  return (
    await test.app.inject({ method: 'GET', url: `/api/crm/detail?id=${row?.id ?? 0}`, headers: await asWang() })
  ).json<{ data: { all_in_cost: number; all_in_cost_cap: number; fees: unknown[] } }>().data;
};

describe('the matching demo (README 匹配产品)', () => {
  it('holds a dozen products across seven banks', async () => {
    const list = await match({ amount: '50000', term: '12' });
    expect(list).toHaveLength(12);
  });

  it('a civil servant in Shanghai with long housing fund passes eight products, the housing-fund loan cheapest', async () => {
    const list = await match({
      age: '35',
      city_id: '310100',
      income: '20000',
      social_security_months: '60',
      housing_fund_months: '60',
      employer_type: '5',
      queries_3m: '1',
      queries_6m: '2',
      debt_ratio: '20',
      purpose: '2',
      amount: '200000',
      term: '36',
    });
    expect(passing(list)).toHaveLength(8);
    expect(list[0]).toMatchObject({ product_name: '建行公积金快贷', verdict: 'pass', all_in_cost: 3.6 });
  });

  it("陈美玲's case with what the salesperson asks her: a private employer passes three, 招行 e 招贷 not", async () => {
    const list = await match({
      age: '40',
      city_id: '310100',
      income: '15000',
      employer_type: '2',
      purpose: '6',
      amount: '80000',
      term: '36',
      social_security_months: '36',
      housing_fund_months: '24',
      queries_3m: '2',
      queries_6m: '4',
      debt_ratio: '30',
    });
    expect(passing(list)).toEqual(['中信信秒贷', '招行信用卡分期', '平安新一贷']);
    const eZhao = list.find((row) => row.product_name === '招行 e 招贷');
    expect(eZhao?.verdict).toBe('fail');
  });

  it('a motorcycle over 24 months passes 上行摩托车分期 above the 24 % line; over 12 months above 36 %', async () => {
    const over24 = await match({ age: '28', purpose: '5', amount: '30000', term: '24' });
    expect(over24[0]).toMatchObject({ product_name: '上行摩托车分期', verdict: 'pass' });
    expect(over24[0]?.all_in_cost).toBeGreaterThan(24);
    expect(over24[0]?.all_in_cost).toBeLessThan(36);
    const over12 = await match({ age: '28', purpose: '5', amount: '30000', term: '12' });
    expect(over12[0]?.all_in_cost).toBeGreaterThan(36);
    // 报单 with that product and its fees is refused.
    const refused = (
      await test.app.inject({
        method: 'POST',
        url: '/api/crm/addClient',
        payload: caseForm({
          amount: '30000',
          term: '12',
          product_id: '11',
          bank_id: '3',
          fees: JSON.stringify([
            { kind: 'service', mode: 'monthly', amount_fen: 18_000, payee: '本公司' },
            { kind: 'other', mode: 'once', amount_fen: 60_000, payee: '本公司' },
          ]),
        }),
        headers: await asWang(),
      })
    ).json<{ code: number; msg: string }>();
    expect(refused.msg).toMatch(/^综合年化成本 3\d\.\d{2}%，超过 36%/);
  });

  it('shows 陈美玲 at 7.93 % and 黄志强 above the 24 % line on their case pages', async () => {
    expect(await detailOf('陈美玲')).toMatchObject({ all_in_cost: 7.93, all_in_cost_cap: 24 });
    expect((await detailOf('黄志强')).all_in_cost).toBeGreaterThan(24);
  });
});
