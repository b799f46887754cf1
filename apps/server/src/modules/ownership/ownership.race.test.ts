import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caseEvents, clients, followUps } from '../../db/schema/cases.ts';
import { duplicateChecks } from '../../db/schema/ownership.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { postForm, type Envelope } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';

/*
 * The pool under concurrent claims (decision 066). They prove something only in the PostgreSQL pass (PGlite
 * runs one query at a time); they pass on PGlite too, so they run there.
 */
const at = new Date('2026-12-01T02:00:00Z');
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => at });
});
afterAll(() => test.close());

async function company(claimsPerDay: number) {
  const corp = await createCompany(test.db);
  await test.db.update(companies).set({ poolClaimsPerDay: claimsPerDay }).where(eq(companies.id, corp.id));
  const team = await createTeam(test.db, corp.id);
  const gone = await createStaff(test.db, corp.id, { teamId: team.id });
  return { corp, team, gone };
}
const claim = async (cookie: string, id: number) =>
  (await postForm(test.app, '/api/crm/poolClaim', { id }, { cookie })).json<Envelope>();

describe('concurrent pool claims, duplicate checks and merges', () => {
  it('20 claims of one pool case by two people at once: one owner, one claimed event', async () => {
    const { corp, team, gone } = await company(50);
    const a = await createStaff(test.db, corp.id, { teamId: team.id });
    const b = await createStaff(test.db, corp.id, { teamId: team.id });
    const c = await createCase(test.db, gone, { pooledAt: at, poolReason: '测试' });
    const [ca, cb] = [await staffCookie(test, a), await staffCookie(test, b)];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => claim(i % 2 ? ca : cb, c.id)));
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect(new Set(answers.filter((x) => x.code !== 0).map((x) => x.msg))).toEqual(new Set(['该客户已被领取']));
    const [row] = await test.db.select().from(clients).where(eq(clients.id, c.id));
    expect([a.id, b.id]).toContain(row?.ownerId);
    expect(row?.pooledAt).toBeNull();
    const events = await test.db.select().from(caseEvents).where(eq(caseEvents.clientId, c.id));
    expect(events.filter((e) => e.kind === 'claimed')).toHaveLength(1);
  });

  it("a daily cap of 5 with 10 claims of 10 pool cases at once: exactly 5 become the caller's", async () => {
    const { corp, team, gone } = await company(5);
    const taker = await createStaff(test.db, corp.id, { teamId: team.id });
    const cases = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createCase(test.db, gone, { pooledAt: at, phone: `1370000${1000 + i}` })),
    );
    const cookie = await staffCookie(test, taker);
    const answers = await Promise.all(cases.map((c) => claim(cookie, c.id)));
    expect(answers.filter((x) => x.code === 0)).toHaveLength(5);
    expect(new Set(answers.filter((x) => x.code !== 0).map((x) => x.msg))).toEqual(
      new Set(['今日领取已达上限（每日 5 个）']),
    );
    const owned = await test.db.select().from(clients).where(eq(clients.ownerId, taker.id));
    expect(owned).toHaveLength(5);
  });

  it('a daily check limit of 5 with 12 checks at once by one person: exactly 5 answered, 7 refused (429)', async () => {
    const corp = await createCompany(test.db);
    await test.db.update(companies).set({ duplicateChecksPerDay: 5 }).where(eq(companies.id, corp.id));
    const asker = await createStaff(test.db, corp.id, { teamId: (await createTeam(test.db, corp.id)).id });
    const cookie = await staffCookie(test, asker);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        postForm(test.app, '/api/crm/duplicateCheck', { phone: `1390000${2000 + i}` }, { cookie }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200 && r.json<Envelope>().code === 0)).toHaveLength(5);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(7);
    expect(new Set(refused.map((r) => r.json<Envelope>().msg))).toEqual(new Set(['今日查重次数已用完（每日 5 次）']));
    const logged = await test.db
      .select()
      .from(duplicateChecks)
      .where(and(eq(duplicateChecks.corpId, corp.id), eq(duplicateChecks.principalId, asker.id)));
    expect(logged).toHaveLength(5);
  });

  it('10 merges of one pair at once, in both directions: one merge, the follow-up moved once, no deadlock', async () => {
    const corp = await createCompany(test.db);
    const team = await createTeam(test.db, corp.id);
    const owner = await createStaff(test.db, corp.id, { teamId: team.id });
    const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true });
    const a = await createCase(test.db, owner, { phone: '13900007777' });
    const b = await createCase(test.db, owner, { phone: '13900007777' });
    await test.db
      .insert(followUps)
      .values({ corpId: corp.id, clientId: b.id, staffId: owner.id, note: '约', nextContactAt: at, createdAt: at });
    const cookie = await staffCookie(test, leader);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postForm(
          test.app,
          '/api/crm/mergeClients',
          i % 2 ? { keep_id: a.id, merge_id: b.id } : { keep_id: b.id, merge_id: a.id },
          { cookie },
        ).then((r) => r.json<Envelope>()),
      ),
    );
    expect(answers.filter((x) => x.code === 0)).toHaveLength(1);
    expect(answers.filter((x) => x.code !== 0).every((x) => /已合并过/.test(x.msg))).toBe(true);
    const rows = await test.db
      .select()
      .from(clients)
      .where(inArray(clients.id, [a.id, b.id]));
    expect(rows.filter((r) => r.mergedInto !== null)).toHaveLength(1);
    const kept = rows.find((r) => r.mergedInto === null);
    const notes = await test.db.select().from(followUps).where(eq(followUps.corpId, corp.id));
    expect(notes.map((n) => n.clientId)).toEqual([kept?.id]);
    const merged = await test.db
      .select()
      .from(caseEvents)
      .where(and(inArray(caseEvents.clientId, [a.id, b.id]), eq(caseEvents.kind, 'merged')));
    expect(merged).toHaveLength(2);
  });
});
