import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseEvents, clients } from '../../db/schema/cases.ts';
import { outsideReferrals } from '../../db/schema/outside.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase, clientsWith } from '../../test/factories-cases.ts';
import { createPartner, createReferral } from '../../test/factories-outside.ts';
import { getForBody, postForm, type Envelope } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';
import { createAccess, createAccessRepository } from '../access/index.ts';
import { createOwnershipRepository } from './ownership.repository.ts';
import { createOwnershipService } from './ownership.service.ts';

/*
 * Partner referrals whose protection ran out unconverted land in the public pool (decision 066): as a pool case
 * made of the referral, listed masked and marked, found by phone tail, claimed like any other within the daily
 * cap, one winner under concurrent claims; two sweeps at once make one case; the partner earns nothing and
 * does not follow it. The races prove something in the PostgreSQL pass.
 */

const DAY = 86_400_000;
const start = new Date('2026-12-01T02:00:00Z');
let clock = start;
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
});
afterAll(() => test.close());

const sweep = () =>
  createOwnershipService({
    repo: createOwnershipRepository(test.db),
    access: createAccess({ repo: createAccessRepository(test.db) }),
    now: () => clock,
  }).sweep();
const post = async <T = unknown>(cookie: string, url: string, fields: Record<string, string | number> = {}) =>
  (await postForm(test.app, url, fields, { cookie })).json<Envelope<T>>();

type Pool = { list: { id: number; client: string; phone: string; from_referral: boolean; reason: string }[] };

async function world(claimsPerDay = 5) {
  const corp = await createCompany(test.db);
  await test.db.update(companies).set({ poolClaimsPerDay: claimsPerDay }).where(eq(companies.id, corp.id));
  const team = await createTeam(test.db, corp.id);
  const network = await createStaff(test.db, corp.id, { teamId: team.id, name: '韩网络' });
  const a = await createStaff(test.db, corp.id, { teamId: team.id });
  const b = await createStaff(test.db, corp.id, { teamId: team.id });
  const partner = await createPartner(test.db, network);
  return { corp, team, network, a, b, partner };
}
let serial = 0;
const phone = () => `1355${String(1_000_000 + ++serial).slice(-7)}`;

describe('expired partner referrals in the pool', () => {
  it('an expired referral becomes a marked pool case, found by tail, claimed by one within the cap', async () => {
    clock = start;
    const w = await world();
    const p = phone();
    const expired = await createReferral(test.db, w.partner, { name: '邓过期', phone: p, protectedUntil: start });
    const live = await createReferral(test.db, w.partner, {
      phone: phone(),
      protectedUntil: new Date(start.getTime() + DAY),
    });
    // One whose customer a salesperson took in meanwhile stays with that case.
    const heldPhone = phone();
    const held = await createReferral(test.db, w.partner, { phone: heldPhone, protectedUntil: start, status: 3 });
    await createCase(test.db, w.a, { phone: heldPhone });

    clock = new Date(start.getTime() + 60_000);
    const first = await sweep();
    expect(first.referrals).toBeGreaterThanOrEqual(1);
    const [r] = await test.db.select().from(outsideReferrals).where(eq(outsideReferrals.id, expired.id));
    expect(r).toMatchObject({ status: 3 });
    expect(r?.pooledAt?.toISOString()).toBe(clock.toISOString());
    expect(r?.caseId).not.toBeNull();
    const [c] = await test.db
      .select()
      .from(clients)
      .where(eq(clients.id, r?.caseId ?? 0));
    expect(c).toMatchObject({
      name: '邓过期',
      phone: p,
      ownerId: w.network.id,
      poolReason: '合作伙伴报备保护期满未转报单，进入公海',
    });
    const [untouched] = await test.db.select().from(outsideReferrals).where(eq(outsideReferrals.id, live.id));
    expect(untouched).toMatchObject({ status: 1, pooledAt: null, caseId: null });
    const [left] = await test.db.select().from(outsideReferrals).where(eq(outsideReferrals.id, held.id));
    expect(left?.caseId).toBeNull();
    expect(left?.pooledAt).not.toBeNull();
    // A second sweep makes nothing more.
    await sweep();
    expect((await clientsWith(test.db, { phone: p })).length).toBe(1);

    const ca = await staffCookie(test, w.a);
    const pool = await post<Pool>(ca, '/api/crm/pool', { phone_tail: p.slice(-4) });
    expect(pool.data.list).toEqual([
      expect.objectContaining({
        id: c?.id,
        client: '邓**',
        phone: `${p.slice(0, 3)}****${p.slice(-4)}`,
        from_referral: true,
      }),
    ]);
    // The partner does not follow it and is owed nothing for it.
    const partnerCookie = await sessionCookie(test, { kind: 'partner', corpId: w.corp.id, partnerId: w.partner.id });
    const detail = (
      await getForBody<Envelope<{ case_id: number | null; status_label: string }>>(
        test.app,
        '/api/crm/outsideClientDetail',
        { id: expired.id },
        { cookie: partnerCookie },
      )
    ).body;
    expect(detail).toMatchObject({ code: 0, data: { case_id: null, status_label: '已失效' } });

    const claimed = await post<{ id: number }>(ca, '/api/crm/poolClaim', { id: c?.id ?? 0 });
    expect(claimed).toMatchObject({ code: 0, data: { id: c?.id } });
    const [mine] = await test.db
      .select()
      .from(clients)
      .where(eq(clients.id, c?.id ?? 0));
    expect(mine).toMatchObject({ ownerId: w.a.id, pooledAt: null });
    const events = await test.db
      .select()
      .from(caseEvents)
      .where(eq(caseEvents.clientId, c?.id ?? 0));
    expect(events.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'pooled', 'claimed']));
    const again = await post(await staffCookie(test, w.b), '/api/crm/poolClaim', { id: c?.id ?? 0 });
    expect(again).toMatchObject({ code: 1, msg: '该客户已被领取' });
  });

  it('two sweeps at once make one pool case of a referral; 20 claims by two people: one owner', async () => {
    clock = start;
    const w = await world(50);
    const refs = await Promise.all(
      Array.from({ length: 4 }, () => createReferral(test.db, w.partner, { phone: phone(), protectedUntil: start })),
    );
    clock = new Date(start.getTime() + 60_000);
    await Promise.all([sweep(), sweep(), sweep()]);
    for (const ref of refs) {
      const made = await clientsWith(test.db, { phone: ref.phone });
      expect(made).toHaveLength(1);
    }
    const [ref] = refs;
    const [row] = await test.db
      .select()
      .from(outsideReferrals)
      .where(eq(outsideReferrals.id, ref?.id ?? 0));
    const caseId = row?.caseId ?? 0;
    const [ca, cb] = [await staffCookie(test, w.a), await staffCookie(test, w.b)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(i % 2 ? ca : cb, '/api/crm/poolClaim', { id: caseId })),
    );
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    const claimedEvents = await test.db.execute<{ n: number }>(
      sql`select count(*)::int as n from case_events where client_id = ${caseId} and kind = 'claimed'`,
    );
    expect(claimedEvents.rows[0]?.n).toBe(1);
  });

  it('the daily cap holds over referral pool cases claimed at once', async () => {
    clock = start;
    const w = await world(2);
    await Promise.all(
      Array.from({ length: 5 }, () => createReferral(test.db, w.partner, { phone: phone(), protectedUntil: start })),
    );
    clock = new Date(start.getTime() + 60_000);
    await sweep();
    const ids = (
      await test.db.execute<{ id: number }>(
        sql`select case_id as id from outside_referrals where partner_id = ${w.partner.id} and case_id is not null`,
      )
    ).rows.map((r) => Number(r.id));
    expect(ids).toHaveLength(5);
    const cookie = await staffCookie(test, w.a);
    const answers = await Promise.all(ids.map((id) => post(cookie, '/api/crm/poolClaim', { id })));
    expect(answers.filter((x) => x.code === 0)).toHaveLength(2);
    expect(new Set(answers.filter((x) => x.code !== 0).map((x) => x.msg))).toEqual(
      new Set(['今日领取已达上限（每日 2 个）']),
    );
  });
});
