import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { staffCookie } from '../test/sessions.ts';
import { clients } from './schema/cases.ts';
import { financePacts } from './schema/pact.ts';
import { seedDemo } from './seed.ts';

const AT = new Date('2026-11-23T02:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => AT });
  expect(await seedDemo(test.db, () => AT)).toBe(true);
});
afterAll(() => test.close());

const get = async (url: string, staffId: number) =>
  (
    await test.app.inject({
      method: 'GET',
      url,
      headers: { cookie: await staffCookie(test, { corpId: 1, id: staffId }) },
    })
  ).json<{ code: number; data: Record<string, unknown> }>();

const caseOf = async (name: string) => {
  const [row] = await test.db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.corpId, 1), eq(clients.name, name)));
  if (!row) throw new Error(`no demo case ${name}`);
  return row.id;
};

describe('the agreement and fair demo (decision 051)', () => {
  it("freezes every approved demo case's agreement, 周建华's on a monthly fee", async () => {
    const frozen = await test.db.select().from(financePacts).where(eq(financePacts.corpId, 1));
    expect(frozen.length).toBeGreaterThanOrEqual(4);
    const pact = await get(`/api/crm/financePact?id=${await caseOf('周建华')}`, 1);
    expect(pact).toMatchObject({
      code: 0,
      data: { state: 'frozen', frozen_by_name: '张签约', fee_type_label: '月费率', product_name: '招行信用卡分期' },
    });
    expect(await get(`/api/crm/financePact?id=${await caseOf('黄志强')}`, 1)).toMatchObject({
      code: 0,
      data: { state: 'draft', fee_type_label: '年利率' },
    });
  });

  it('runs a fair today where 李建国 and 张签约 checked in and 王小明 has not', async () => {
    const today = await get('/api/crm/fairSignin', 1);
    expect(today.data).toMatchObject({
      day: '2026-11-23',
      fairs: [
        {
          name: '上海春季家装博览会',
          my_checked_in_at: null,
          roster: [{ staff_name: '李建国' }, { staff_name: '张签约' }],
        },
      ],
    });
  });
});
