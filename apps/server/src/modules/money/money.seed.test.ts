import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed.ts';
import { clients } from '../../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { loginAs, postForm } from '../../test/http.ts';

let clock = new Date();
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
  await seedDemo(test.db);
});
afterAll(() => test.close());

type List = { confirmed_fen: number; list: { amount_fen: number; status: string; can_confirm: boolean }[] };

describe('demo repayments', () => {
  it("shows 王小明's case with one confirmed and one pending repayment, which 李建国 may confirm", async () => {
    const [chen] = await test.db
      .select()
      .from(clients)
      .where(and(eq(clients.corpId, 1), eq(clients.name, '陈美玲')));
    const asOwner = await postForm(
      test.app,
      '/api/crm/moneyList',
      { id: chen?.id ?? 0 },
      { cookie: await loginAs(test, { corpId: 1, phone: '13800000001' }) },
    );
    expect(asOwner.json<{ data: List }>().data).toMatchObject({
      confirmed_fen: 500_000,
      list: [
        { amount_fen: 128_050, status: 'pending', can_confirm: false },
        { amount_fen: 500_000, status: 'confirmed' },
      ],
    });
    const asLeader = await postForm(
      test.app,
      '/api/crm/moneyList',
      { id: chen?.id ?? 0 },
      { cookie: await loginAs(test, { corpId: 1, phone: '13800000002' }) },
    );
    expect(asLeader.json<{ data: List }>().data.list[0]?.can_confirm).toBe(true);
    // The other company's 刘另司 shares 王小明's phone and sees none of it (past the one-code-a-minute limit).
    clock = new Date(clock.getTime() + 61_000);
    const asOther = await postForm(
      test.app,
      '/api/crm/moneyList',
      { id: chen?.id ?? 0 },
      { cookie: await loginAs(test, { corpId: 2, phone: '13800000001' }) },
    );
    expect(asOther.statusCode).toBe(404);
  });
});
