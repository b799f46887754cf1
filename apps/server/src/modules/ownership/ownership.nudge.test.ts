import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUps } from '../../db/schema/cases.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { companies } from '../../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createAdmin, createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';
import { postForm, postJson, type Envelope } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { createAccess, createAccessRepository } from '../access/index.ts';
import { createOwnershipRepository } from './ownership.repository.ts';
import { createOwnershipService } from './ownership.service.ts';

/*
 * Nudges and the home page's near-pool lines (decision 066), on the injected clock: a case with nothing planned
 * for the company's nudge days reminds its owner once, after as many days again its leader once; planning a
 * follow-up ends the episode and the next one nudges again. Two sweeps at once queue each card once (the
 * queue's unique key; it proves something in the PostgreSQL pass).
 */

const DAY = 86_400_000;
const start = new Date('2026-12-01T02:00:00Z');
let clock = start;
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
});
afterAll(() => test.close());

const service = () =>
  createOwnershipService({
    repo: createOwnershipRepository(test.db),
    access: createAccess({ repo: createAccessRepository(test.db) }),
    now: () => clock,
  });
const sweep = () => service().sweep();
const at = (days: number) => new Date(start.getTime() + days * DAY);

async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id, name: '孙跟进' });
  const leader = await createStaff(test.db, corp.id, { teamId: team.id, isLeader: true, name: '周组长' });
  return { corp, team, owner, leader };
}

const nudges = async (corpId: number, recipientId: number, clientId: number) => {
  const rows = await test.db.execute<{ n: number }>(
    sql`select count(*)::int as n from jobs where corp_id = ${corpId} and kind = 'case-nudge'
      and recipient_id = ${recipientId} and payload->>'path' = ${`/business/detail/${clientId}`}`,
  );
  return rows.rows[0]?.n ?? 0;
};

const plan = async (
  w: { corp: { id: number }; owner: { id: number } },
  clientId: number,
  written: Date,
  next: Date,
) => {
  await test.db
    .update(followUps)
    .set({ doneAt: written })
    .where(and(eq(followUps.clientId, clientId), sql`done_at is null`));
  await test.db.insert(followUps).values({
    corpId: w.corp.id,
    clientId,
    staffId: w.owner.id,
    note: '再约',
    nextContactAt: next,
    createdAt: written,
  });
};

describe('nudges (未安排跟进提醒)', () => {
  it('reminds the owner once, then the leader once, per episode; a planned follow-up ends it', async () => {
    clock = start;
    const w = await world();
    const c = await createCase(test.db, w.owner, { name: '冯老板', createdAt: start, ownedSince: start });
    // Planned for day 1: nothing is due before day 1 + 3.
    await plan(w, c.id, start, at(1));

    clock = at(3.5);
    await sweep();
    expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(0);

    clock = at(4);
    await sweep();
    expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(1);
    const [card] = (
      await test.db.execute<{ payload: { title: string; description: string } }>(
        sql`select payload from jobs where corp_id = ${w.corp.id} and kind = 'case-nudge' and recipient_id = ${w.owner.id}`,
      )
    ).rows;
    expect(card?.payload).toMatchObject({ title: '客户待安排跟进', description: expect.stringContaining('冯老板') });
    // Every further sweep of the episode queues nothing.
    await sweep();
    clock = at(6.5);
    await sweep();
    expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(1);
    expect(await nudges(w.corp.id, w.leader.id, c.id)).toBe(0);

    // Twice the nudge days: the leader, once.
    clock = at(7);
    await sweep();
    await sweep();
    expect(await nudges(w.corp.id, w.leader.id, c.id)).toBe(1);
    expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(1);

    // A follow-up planned ahead: no nudge while it is ahead; when its day has passed by 3 days, a new episode.
    await plan(w, c.id, at(7), at(9));
    clock = at(11);
    await sweep();
    expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(1);
    clock = at(12);
    await sweep();
    expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(2);
  });

  it('leaves alone a company with nudge_days 0, pooled and closed cases', async () => {
    clock = start;
    const w = await world();
    const off = await world();
    await test.db.update(companies).set({ nudgeDays: 0 }).where(eq(companies.id, off.corp.id));
    const quiet = await createCase(test.db, off.owner, { createdAt: start, ownedSince: start });
    const pooled = await createCase(test.db, w.owner, { createdAt: start, ownedSince: start, pooledAt: start });
    const closed = await createCase(test.db, w.owner, { createdAt: start, ownedSince: start, status: 8 });
    clock = at(8);
    await sweep();
    expect(await nudges(off.corp.id, off.owner.id, quiet.id)).toBe(0);
    expect(await nudges(w.corp.id, w.owner.id, pooled.id)).toBe(0);
    expect(await nudges(w.corp.id, w.owner.id, closed.id)).toBe(0);
  });

  it('two sweeps at once queue each nudge once', async () => {
    clock = start;
    const w = await world();
    const cases = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        createCase(test.db, w.owner, { createdAt: start, ownedSince: start, phone: `1362200${1000 + i}` }),
      ),
    );
    clock = at(7);
    await Promise.all([service().sweep(), service().sweep(), service().sweep()]);
    for (const c of cases) {
      expect(await nudges(w.corp.id, w.owner.id, c.id)).toBe(1);
      expect(await nudges(w.corp.id, w.leader.id, c.id)).toBe(1);
    }
  });

  it('the admin sets the nudge days in the company settings, audited', async () => {
    clock = start;
    const w = await world();
    const admin = await createAdmin(test.db, w.corp.id);
    const cookie = await staffCookie(test, admin);
    const base = { referral_protection_days: 30, over_limit_rate_bp: 150, over_limit_amount_fen: 5_000_000 };
    const saved = await postJson(test.app, '/api/admin/settings', { ...base, nudge_days: 5 }, { cookie });
    expect(saved.body).toMatchObject({ code: 0, data: { nudge_days: 5, pool_days: 15 } });
    const [row] = await test.db.select().from(companies).where(eq(companies.id, w.corp.id));
    expect(row?.nudgeDays).toBe(5);
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.corpId, w.corp.id), eq(auditLog.action, 'settings.update')));
    expect(audit?.before).toMatchObject({ nudge_days: 3 });
    expect(audit?.after).toMatchObject({ nudge_days: 5 });
    const bad = await postJson(test.app, '/api/admin/settings', { ...base, nudge_days: 'x' }, { cookie });
    expect(bad.body).toMatchObject({ code: 1, msg: '未安排跟进提醒天数无效' });
    // A salesperson may not.
    const plain = await postJson(
      test.app,
      '/api/admin/settings',
      { ...base, nudge_days: 1 },
      {
        cookie: await staffCookie(test, w.owner),
      },
    );
    expect(plain.status).toBe(403);
  });
});

describe('the 待办 line of a case near the pool', () => {
  it("lists the owner's own cases within the warning days, soonest first, and nobody else's", async () => {
    clock = start;
    const w = await world();
    const other = await createStaff(test.db, w.corp.id, { teamId: w.team.id });
    // Pool days 15, warning 3: touched 13 days ago is due in 2 days; 10 days ago is not yet near.
    const near = await createCase(test.db, w.owner, { name: '陈近海', createdAt: at(-13), ownedSince: at(-13) });
    const nearer = await createCase(test.db, w.owner, { name: '陈更近', createdAt: at(-14), ownedSince: at(-14) });
    await createCase(test.db, w.owner, { name: '陈还早', createdAt: at(-10), ownedSince: at(-10) });
    await createCase(test.db, other, { name: '别人的', createdAt: at(-13), ownedSince: at(-13) });
    await createCase(test.db, w.owner, { name: '已在公海', createdAt: at(-20), pooledAt: at(-1) });
    const cookie = await staffCookie(test, w.owner);
    const info = (await postForm(test.app, '/api/crm/userinfo', { id: w.owner.id }, { cookie })).json<
      Envelope<{ near_pool: { id: number; name: string; due_at: string }[] }>
    >();
    expect(info.data?.near_pool).toEqual([
      { id: nearer.id, name: '陈更近', due_at: at(1).toISOString() },
      { id: near.id, name: '陈近海', due_at: at(2).toISOString() },
    ]);
    const theirs = (
      await postForm(test.app, '/api/crm/userinfo', { id: other.id }, { cookie: await staffCookie(test, other) })
    ).json<Envelope<{ near_pool: { id: number }[] }>>();
    expect(theirs.data?.near_pool.map((c) => c.id)).not.toContain(near.id);
  });
});
