import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseEvents, clients } from '../../db/schema/cases.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { postForm, type Envelope } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * A handover and pool claims at the same moment (decision 066): every case ends with one owner and one move.
 * The handover locks the person, then their owned cases in id order; a claim locks one pooled case. They
 * prove something only in the PostgreSQL pass (PGlite runs one query at a time); they pass on PGlite too.
 */
const at = new Date('2026-12-01T02:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => at });
});
afterAll(() => test.close());

async function world() {
  const corp = await createCompany(test.db);
  await test.db.update(companies).set({ poolClaimsPerDay: 100 }).where(eq(companies.id, corp.id));
  const team = await createTeam(test.db, corp.id);
  const leaving = await createStaff(test.db, corp.id, { teamId: team.id, name: '离职者' });
  const heir = await createStaff(test.db, corp.id, { teamId: team.id, name: '接手人' });
  const claimer = await createStaff(test.db, corp.id, { teamId: team.id, name: '领取人' });
  const admin = await createAdmin(test.db, corp.id);
  return {
    corp,
    leaving,
    heir,
    claimer,
    admin: await staffCookie(test, admin),
    claimerCookie: await staffCookie(test, claimer),
  };
}
const call = async (cookie: string, url: string, fields: Record<string, string | number>) =>
  (await postForm(test.app, url, fields, { cookie })).json<Envelope>();
const phone = (i: number) => `1376${String(i).padStart(7, '0')}`;

describe('a handover racing pool claims', () => {
  it('handover to a colleague while the pool cases the person once held are claimed: owned ones go to the heir, pooled ones to the claimer, one move each', async () => {
    const w = await world();
    const owned = [];
    const pooled = [];
    for (let i = 0; i < 10; i += 1) {
      owned.push(await createCase(test.db, w.leaving, { phone: phone(i) }));
      pooled.push(await createCase(test.db, w.leaving, { phone: phone(100 + i), pooledAt: at, poolReason: '测试' }));
    }
    const answers = await Promise.all([
      call(w.admin, '/api/admin/handover', { from_id: w.leaving.id, to_id: w.heir.id }),
      ...pooled.map((c) => call(w.claimerCookie, '/api/crm/poolClaim', { id: c.id })),
    ]);
    expect(answers.map((a) => a.code)).toEqual(answers.map(() => 0));
    const rows = await test.db.select().from(clients).where(eq(clients.corpId, w.corp.id));
    const ownerOf = new Map(rows.map((r) => [r.id, r]));
    for (const c of owned) expect(ownerOf.get(c.id)).toMatchObject({ ownerId: w.heir.id, pooledAt: null });
    for (const c of pooled) expect(ownerOf.get(c.id)).toMatchObject({ ownerId: w.claimer.id, pooledAt: null });
    const events = await test.db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.corpId, w.corp.id), inArray(caseEvents.kind, ['reassigned', 'claimed'])));
    // One move per case: the heir's cases reassigned once, the pool's claimed once, none both.
    expect(
      events
        .filter((e) => e.kind === 'reassigned')
        .map((e) => e.clientId)
        .sort(),
    ).toEqual(owned.map((c) => c.id).sort());
    expect(
      events
        .filter((e) => e.kind === 'claimed')
        .map((e) => e.clientId)
        .sort(),
    ).toEqual(pooled.map((c) => c.id).sort());
  });

  it('handover to the pool while those very cases are being claimed: each case ends in the pool or with the claimer, never the person who left', async () => {
    const w = await world();
    const cases = [];
    for (let i = 0; i < 10; i += 1) cases.push(await createCase(test.db, w.leaving, { phone: phone(200 + i) }));
    // Each claim is tried until the case is in the pool and the claim answers, racing the handover's move.
    const claimUntilDone = async (id: number) => {
      for (let tries = 0; tries < 200; tries += 1) {
        const answer = await call(w.claimerCookie, '/api/crm/poolClaim', { id });
        if (answer.code === 0) return answer;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      return null;
    };
    const [handed, ...claims] = await Promise.all([
      call(w.admin, '/api/admin/handover', { from_id: w.leaving.id, to_pool: 'true', disable: 'true' }),
      ...cases.map((c) => claimUntilDone(c.id)),
    ]);
    expect(handed?.code).toBe(0);
    const rows = await test.db.select().from(clients).where(eq(clients.corpId, w.corp.id));
    for (const row of rows) {
      const claimedIt = row.ownerId === w.claimer.id && row.pooledAt === null;
      const inPool = row.ownerId === w.leaving.id && row.pooledAt !== null;
      expect(claimedIt || inPool, `case ${row.id}`).toBe(true);
      const moves = await test.db
        .select()
        .from(caseEvents)
        .where(and(eq(caseEvents.clientId, row.id), inArray(caseEvents.kind, ['pooled', 'claimed'])));
      expect(moves.filter((e) => e.kind === 'pooled')).toHaveLength(1);
      expect(moves.filter((e) => e.kind === 'claimed')).toHaveLength(claimedIt ? 1 : 0);
    }
    expect(claims.filter(Boolean).length).toBe(rows.filter((r) => r.ownerId === w.claimer.id).length);
  });
});
