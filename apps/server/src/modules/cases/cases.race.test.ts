import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appeals, followUps, serviceRequests } from '../../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { caseForm, createCase, clientsWith } from '../../test/factories-cases.ts';
import { postForm } from '../../test/http.ts';
import { salesWorld } from '../../test/sales-world.ts';

/*
 * "One open X per case" under concurrent requests. They prove something only in the PostgreSQL pass (PGlite
 * runs one query at a time); they pass on PGlite too, so they run there.
 */
type Body = { code: number; msg: string; data: unknown };
let test: TestApp;
let owner: { id: number; corpId: number; teamId: number | null; cookie: string };
beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date('2026-11-21T08:00:00Z') });
  const { sales, cookies } = await salesWorld(test);
  owner = { ...sales, cookie: cookies.sales };
});
afterAll(() => test.close());

const burst = async (n: number, url: string, fields: Record<string, string | number>) =>
  (await Promise.all(Array.from({ length: n }, () => postForm(test.app, url, fields, { cookie: owner.cookie })))).map(
    (r) => ({ status: r.statusCode, body: r.json<Body>() }),
  );

/** The case's rows still open in a per-case table with a status. */
const openRowsOf = (table: typeof appeals | typeof serviceRequests, clientId: number) =>
  test.db
    .select()
    .from(table)
    .where(and(eq(table.clientId, clientId), eq(table.status, 'open')));

describe('concurrent requests keep one open record', () => {
  it('addAppeal: three at once make one open appeal; the twins get the sequential refusal', async () => {
    const c = await createCase(test.db, owner, { status: 2 });
    const answers = await burst(3, '/api/crm/addAppeal', { client_id: c.id, reason: '资料已补齐' });
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).map((a) => a.body.msg)).toEqual([
      '该报单已有待处理的申诉',
      '该报单已有待处理的申诉',
    ]);
    expect(await openRowsOf(appeals, c.id)).toHaveLength(1);
  });

  it('updateClientReject: three resubmissions at once open one live signing task', async () => {
    const c = await createCase(test.db, owner, { status: 2 });
    const answers = await burst(3, '/api/crm/updateClientReject', { ...caseForm(), id: c.id });
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    // The signing centre's table, read as data: sign_tasks belongs to modules/sign.
    const live = await test.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sign_tasks where client_id = ${c.id} and status in ('open', 'taken', 'rejected')`,
    );
    expect(live.rows[0]?.n).toBe(1);
  });

  it('updateClient asking for customer service: three at once open one request, and all three save', async () => {
    const c = await createCase(test.db, owner);
    const form = { ...caseForm({ need_service: '1' }), id: c.id };
    const answers = await burst(3, '/api/crm/updateClient', form);
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0]);
    expect(await openRowsOf(serviceRequests, c.id)).toHaveLength(1);
  });

  it('mortgageUser: four follow-ups at once all save and leave one open next step', async () => {
    const c = await createCase(test.db, owner);
    const answers = await burst(4, '/api/crm/mortgageUser', {
      client_id: c.id,
      note: '回访',
      next_contact_at: '2026-11-22T08:00:00Z',
    });
    expect(answers.map((a) => a.body.code)).toEqual([0, 0, 0, 0]);
    const rows = await test.db.select().from(followUps).where(eq(followUps.clientId, c.id));
    expect(rows).toHaveLength(4);
    expect(rows.filter((row) => row.doneAt === null)).toHaveLength(1);
  });

  it('addClient: three intakes of one ID number at once make one open case', async () => {
    const form = caseForm();
    const answers = await burst(3, '/api/crm/addClient', form);
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== 0).every((a) => a.body.msg.includes('已有'))).toBe(true);
    expect(await clientsWith(test.db, { idNumber: form.id_number ?? '' })).toHaveLength(1);
  });
});
