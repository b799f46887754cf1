import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { esignTemplates } from '../../db/schema/esign.ts';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { makePng } from '../../test/factories-money.ts';
import { postJson } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * E-sign's one-at-a-time rules under concurrent requests (decision 054), on PGlite and on PostgreSQL: one
 * open order per case; one SMS code opens one signing session; one order is signed and sealed once; events of one order never share
 * a sequence number (the chain stays intact).
 */

let clock = new Date('2026-05-10T02:00:00Z');
const test = testAppForFile({ now: () => clock });

const post = <T = unknown>(url: string, payload: object, cookie?: string) =>
  postJson<T>(test.app, url, payload, cookie ? { cookie } : {});

async function sentOrder() {
  const corp = await createCompany(test.db);
  const owner = await createStaff(test.db, corp.id);
  await test.db
    .insert(esignTemplates)
    .values([{ corpId: corp.id, kind: 'application', title: '借款申请书', body: ['本人{{client_name}}申请借款。'] }]);
  const theCase = await createCase(test.db, owner, { name: '赵六', phone: '13600136000' });
  const cookie = await staffCookie(test, owner);
  const added = await post<{ id: number; link: string }>('/api/esign/add', { user_id: theCase.id }, cookie);
  const token = new URL(added.body.data.link, 'http://x').searchParams.get('t') ?? '';
  clock = new Date(clock.getTime() + 61_000);
  await post('/api/esign/signer/code', { token });
  const code = test.sms.lastCodeFor('13600136000') ?? '';
  return { id: added.body.data.id, token, code, idNumber: theCase.idNumber, cookie };
}

describe('e-sign under concurrent requests', () => {
  it('adds at once for one case make one open order, and every answer names it', async () => {
    // Eight, as the other bursts here: the test pool has four connections, each add renders a PDF.
    const corp = await createCompany(test.db);
    const owner = await createStaff(test.db, corp.id);
    await test.db
      .insert(esignTemplates)
      .values([{ corpId: corp.id, kind: 'application', title: '借款申请书', body: ['本人{{client_name}}申请借款。'] }]);
    const theCase = await createCase(test.db, owner, { name: '钱七', phone: '13600136001' });
    const cookie = await staffCookie(test, owner);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post<{ id: number; link: string | null }>('/api/esign/add', { user_id: theCase.id }, cookie),
      ),
    );
    expect(answers.map((a) => a.body.code)).toEqual(Array.from({ length: 8 }, () => 0));
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    // One link handed out: the order's own; the others were told the case already has one.
    expect(answers.filter((a) => a.body.data.link !== null)).toHaveLength(1);
    const orders = await test.db.execute(
      sql`select count(*)::int as n from esign_orders where client_id = ${theCase.id}`,
    );
    expect(orders.rows[0]).toEqual({ n: 1 });
  });

  it('one SMS code opens one signing session, however many logins race with it', async () => {
    const o = await sentOrder();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post('/api/esign/signer/login', { token: o.token, code: o.code, id_number: o.idNumber }),
      ),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    const sessions = await test.db.execute(sql`select count(*)::int as n from esign_sessions where order_id = ${o.id}`);
    expect(sessions.rows[0]).toEqual({ n: 1 });
  });

  it('one order is signed and sealed once, and its chain stays one line', async () => {
    const o = await sentOrder();
    const login = await post('/api/esign/signer/login', { token: o.token, code: o.code, id_number: o.idNumber });
    const signer = `esign_signer=${login.response.cookies.find((c) => c.name === 'esign_signer')?.value ?? ''}`;
    await post('/api/esign/signer/page', { page: 1 }, signer);
    const signature = `data:image/png;base64,${(await makePng(200, 80)).toString('base64')}`;
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => post('/api/esign/signer/sign', { signature, consent: true }, signer)),
    );
    expect(answers.filter((a) => a.body.code === 0)).toHaveLength(1);
    const evidence = await post<{ chain: { intact: boolean }; events: { type: string }[] }>(
      '/api/esign/evidence',
      { id: o.id },
      o.cookie,
    );
    expect(evidence.body.data.chain.intact).toBe(true);
    expect(evidence.body.data.events.filter((e) => e.type === 'sealed')).toHaveLength(1);
    const files = await test.db.execute(
      sql`select count(*)::int as n from files where esign_order_id = ${o.id} and content_type = 'application/pdf'`,
    );
    // The original and one sealed PDF: the losers' objects and rows are gone with their transactions.
    expect(files.rows[0]).toEqual({ n: 2 });
  });

  it('pages viewed at the same moment each get their own place in the chain', async () => {
    const o = await sentOrder();
    const login = await post('/api/esign/signer/login', { token: o.token, code: o.code, id_number: o.idNumber });
    const signer = `esign_signer=${login.response.cookies.find((c) => c.name === 'esign_signer')?.value ?? ''}`;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post('/api/esign/signer/page', { page: 1 }, signer)),
    );
    expect(answers.every((a) => a.body.code === 0)).toBe(true);
    const evidence = await post<{ chain: { intact: boolean; count: number } }>(
      '/api/esign/evidence',
      { id: o.id },
      o.cookie,
    );
    expect(evidence.body.data.chain).toMatchObject({ intact: true });
    expect(evidence.body.data.chain.count).toBeGreaterThanOrEqual(10);
  });
});
