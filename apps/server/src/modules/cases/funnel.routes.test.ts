import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseEvents } from '../../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createBankAndProduct, createCase } from '../../test/factories-cases.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * The leader's dashboard (decision 058): GET /api/crm/funnel computes, over the case events, the funnel by
 * intake month, the median hours in each status, approval rates by bank, product and channel, and each
 * person's numbers; a bar's cases are the case list with the bar's filter.
 */

const NOW = new Date('2026-11-21T08:00:00Z');
let test: TestApp;
let cookies: { leader: string; sales: string; otherLeader: string };
let bankId = 0;
let ids: { a: number; b: number; c: number };

type Funnel = {
  months: { month: string; intake: number; signed: number; approved: number; disbursed: number }[];
  medians: { status: number; hours: number; moves: number }[];
  approval: Record<
    'bank' | 'product' | 'channel',
    { id: number; name: string; decided: number; approved: number; rate_pct: number }[]
  >;
  people: {
    staff_id: number;
    name: string;
    intake: number;
    approved: number;
    disbursed: number;
    disbursed_fen: number;
  }[];
};

beforeAll(async () => {
  test = await buildTestApp({ now: () => NOW });
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '李组长' });
  const sales = await createStaff(test.db, corp.id, { teamId: team.id, name: '王小明' });
  const other = await createCompany(test.db);
  const otherLeader = await createStaff(test.db, other.id, {
    teamId: (await createTeam(test.db, other.id)).id,
    isLeader: true,
  });
  const { bank, product } = await createBankAndProduct(test.db, corp.id);
  bankId = bank.id;
  const at = (iso: string) => new Date(iso);
  const moves = async (clientId: number, steps: [from: number, to: number, when: string][]) => {
    for (const [from, to, when] of steps)
      await test.db.insert(caseEvents).values({
        corpId: corp.id,
        clientId,
        staffId: leader.id,
        kind: 'status',
        fromStatus: from,
        toStatus: to,
        createdAt: at(when),
      });
  };
  // Case a: taken in October, signed after 10 h, approved after 30 h more, disbursed.
  const a = await createCase(test.db, sales, {
    status: 8,
    bankId: bank.id,
    productId: product.id,
    amountFen: 8_000_000,
    createdAt: at('2026-10-05T00:00:00Z'),
  });
  await moves(a.id, [
    [1, 3, '2026-10-05T10:00:00Z'],
    [3, 5, '2026-10-06T16:00:00Z'],
    [5, 8, '2026-10-08T16:00:00Z'],
  ]);
  // Case b: October, signed after 20 h, rejected after 10 h.
  const b = await createCase(test.db, sales, {
    status: 6,
    bankId: bank.id,
    productId: product.id,
    createdAt: at('2026-10-07T00:00:00Z'),
  });
  await moves(b.id, [
    [1, 3, '2026-10-07T20:00:00Z'],
    [3, 6, '2026-10-08T06:00:00Z'],
  ]);
  // Case c: the leader's own, November, still signing.
  const c = await createCase(test.db, leader, { createdAt: at('2026-11-02T00:00:00Z') });
  ids = { a: a.id, b: b.id, c: c.id };
  // Each intake event at its case's intake time (the factory writes it at the database's now).
  await test.db.execute(
    sql`update case_events e set created_at = c.created_at from clients c where c.id = e.client_id and e.kind = 'created'`,
  );
  cookies = {
    leader: await staffCookie(test, leader),
    sales: await staffCookie(test, sales),
    otherLeader: await staffCookie(test, otherLeader),
  };
});
afterAll(() => test.close());

const funnel = async (cookie: string, scope = 'team') =>
  (await test.app.inject({ method: 'GET', url: `/api/crm/funnel?scope=${scope}`, headers: { cookie } })).json<{
    code: number;
    data: Funnel;
  }>();
const list = async (cookie: string, fields: Record<string, string | number>) =>
  (
    await test.app.inject({
      method: 'POST',
      url: '/api/crm/clientList',
      payload: { scope: 'team', ...fields },
      headers: { cookie },
    })
  ).json<{ code: number; data: { list: { id: number }[] } }>();

describe('GET /api/crm/funnel', () => {
  it("gives the leader the team's funnel by month, medians, approval rates and each person's numbers", async () => {
    const { code, data } = await funnel(cookies.leader);
    expect(code).toBe(0);
    expect(data.months).toEqual([
      { month: '2026-10', intake: 2, signed: 2, approved: 1, disbursed: 1 },
      { month: '2026-11', intake: 1, signed: 0, approved: 0, disbursed: 0 },
    ]);
    // In 签约中: 10 h and 20 h → median 15 h; in 审批中: 30 h and 10 h → 20 h; 审批通过: 48 h.
    expect(data.medians).toEqual([
      { status: 1, hours: 15, moves: 2 },
      { status: 3, hours: 20, moves: 2 },
      { status: 5, hours: 48, moves: 1 },
    ]);
    expect(data.approval.bank).toEqual([{ id: bankId, name: '测试银行', decided: 2, approved: 1, rate_pct: 50 }]);
    expect(data.approval.product[0]).toMatchObject({ name: '测试产品', rate_pct: 50 });
    expect(data.approval.channel).toEqual([]);
    expect(data.people[0]).toMatchObject({
      name: '王小明',
      intake: 2,
      approved: 1,
      disbursed: 1,
      disbursed_fen: 8_000_000,
    });
    expect(data.people[1]).toMatchObject({ name: '李组长', intake: 1, disbursed_fen: 0 });
  });

  it("gives a salesperson their own figures, and refuses them the team's (403)", async () => {
    const { data } = await funnel(cookies.sales, 'mine');
    expect(data.people.map((p) => p.name)).toEqual(['王小明']);
    expect(data.months.map((m) => m.intake)).toEqual([2]);
    const team = await test.app.inject({
      method: 'GET',
      url: '/api/crm/funnel?scope=team',
      headers: { cookie: cookies.sales },
    });
    expect(team.statusCode).toBe(403);
  });

  it('shows another company nothing of this one, and reads a bad scope as "mine"', async () => {
    const other = await funnel(cookies.otherLeader);
    expect(other.data).toMatchObject({ months: [], medians: [], people: [] });
    expect((await funnel(cookies.leader, 'everyone')).data.people.map((p) => p.name)).toEqual(['李组长']);
    expect((await test.app.inject({ method: 'GET', url: '/api/crm/funnel' })).statusCode).toBe(401);
  });

  it("lists a bar's cases: the month's intake that reached a stage, or a bank's", async () => {
    expect((await list(cookies.leader, { month: '2026-10', reached: 5 })).data.list.map((c) => c.id)).toEqual([ids.a]);
    expect((await list(cookies.leader, { month: '2026-10', reached: 3 })).data.list.map((c) => c.id)).toEqual([
      ids.b,
      ids.a,
    ]);
    expect((await list(cookies.leader, { month: '2026-11' })).data.list.map((c) => c.id)).toEqual([ids.c]);
    expect((await list(cookies.leader, { bank_id: bankId })).data.list).toHaveLength(2);
    // A salesperson's "mine" list narrowed the same way, and a malformed month is ignored, not an error.
    expect((await list(cookies.sales, { scope: 'mine', month: '2026-11' })).data.list).toEqual([]);
    expect((await list(cookies.leader, { month: '2026-13' })).data.list).toHaveLength(3);
    expect((await list(cookies.otherLeader, { bank_id: bankId })).data.list).toEqual([]);
  });
});
