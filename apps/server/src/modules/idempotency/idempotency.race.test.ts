import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { followUps } from '../../db/schema/cases.ts';
import { moneyRecords } from '../../db/schema/money.ts';
import { houseClients } from '../../db/schema/house.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { caseForm, createCase, uniqueIdNumber, clientsWith } from '../../test/factories-cases.ts';
import { houseClientForm } from '../../test/factories-house.ts';
import { postForBody } from '../../test/http.ts';
import { salesWorld } from '../../test/sales-world.ts';

/*
 * One key, one record, under concurrent retries (decision 046). They prove something only in the PostgreSQL
 * pass (PGlite runs one query at a time); they pass on PGlite too, so they run there. The calls chosen have
 * no other guard: without the key, every request of the burst makes a record.
 */
type Body = { code: number; msg: string; data: { id: number } | null };
let test: TestApp;
let sales: { id: number; corpId: number; teamId: number | null; cookie: string };
beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date('2026-11-23T08:00:00Z') });
  const world = await salesWorld(test);
  sales = { ...world.sales, cookie: world.cookies.sales };
});
afterAll(() => test.close());

const burst = (n: number, path: string, fields: Record<string, string | number>, key: string) =>
  Promise.all(
    Array.from({ length: n }, () =>
      postForBody<Body>(test.app, path, fields, { cookie: sales.cookie, headers: { 'idempotency-key': key } }),
    ),
  );

/** Every answer is the winner's (run or replayed) or "still running"; never a second record's. */
function expectOneRecord(answers: { status: number; body: Body }[]) {
  const done = answers.filter((a) => a.body.code === 0);
  expect(done.length).toBeGreaterThanOrEqual(1);
  expect(new Set(done.map((a) => a.body.data?.id)).size).toBe(1);
  for (const a of answers.filter((x) => x.body.code !== 0))
    expect(a).toMatchObject({ status: 409, body: { msg: '上一次提交仍在处理中，请稍后再试' } });
}

describe('a burst of retries with one Idempotency-Key', () => {
  it('addHouseClient: eight at once make one client', async () => {
    const client = houseClientForm();
    const answers = await burst(8, '/api/crm/addHouseClient', client, 'burst-house-0001');
    expectOneRecord(answers);
    expect(await test.db.select().from(houseClients).where(eq(houseClients.ownerId, sales.id))).toHaveLength(1);
  });

  it('mortgageUser: six follow-ups at once make one', async () => {
    const c = await createCase(test.db, sales);
    const form = { client_id: c.id, note: '回访', next_contact_at: '2026-11-30T08:00:00Z' };
    const answers = await burst(6, '/api/crm/mortgageUser', form, 'burst-follow-0001');
    expectOneRecord(answers);
    expect(await test.db.select().from(followUps).where(eq(followUps.clientId, c.id))).toHaveLength(1);
  });
});

/*
 * "A double submit on a flaky network makes one record" (issue 20): the first submit reached the server and
 * its answer was lost on the way back; the phone then sends it again (重试, or the restored draft after the
 * window closed, decision 058), while an impatient second tap races that retry. Same key throughout.
 */
describe('a double submit on a flaky network', () => {
  it('addClient (the new-case form): the lost first, then a retry and a double tap at once, make one case', async () => {
    const idNumber = uniqueIdNumber();
    const form = caseForm({ id_number: idNumber });
    const [lost] = await burst(1, '/api/crm/addClient', form, 'flaky-case-0001');
    expect(lost?.body.code).toBe(0);
    const answers = await burst(2, '/api/crm/addClient', form, 'flaky-case-0001');
    // Both are the first answer replayed, not "an open case of this ID number exists".
    expect(answers.map((a) => a.body.data?.id)).toEqual([lost?.body.data?.id, lost?.body.data?.id]);
    expect(await clientsWith(test.db, { idNumber })).toHaveLength(1);
  });

  it('addMoney (the repayment form, key in the body): six at once make one repayment, each answered with it', async () => {
    const c = await createCase(test.db, sales);
    const form = { id: c.id, amount: '1280.50', paid_on: '2026-11-20', method: 3, note: '', key: randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postForBody<Body>(test.app, '/api/crm/addMoney', form, { cookie: sales.cookie })),
    );
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(answers.map((a) => a.body.data?.id)).size).toBe(1);
    const rows = await test.db.select().from(moneyRecords).where(eq(moneyRecords.clientId, c.id));
    expect(rows.map((r) => r.amountFen)).toEqual([128_050]);
  });
});
