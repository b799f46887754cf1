import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, followUps } from '../../db/schema/cases.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff, createTeam } from '../../test/factories.ts';
import { createCase } from '../../test/factories-cases.ts';

/*
 * The pool's clock (decision 078): `clients.touched_at` is the later of when the owner took the case (or its
 * creation) and its newest follow-up, kept by the database whatever writes the rows. The sweep, the warnings and
 * the home page's 待办 read only this column, so a wrong value here sends a worked case to the pool.
 */

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const created = new Date('2026-06-01T00:00:00Z');
const day = (n: number) => new Date(created.getTime() + n * 86_400_000);

async function world() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const owner = await createStaff(test.db, corp.id, { teamId: team.id });
  const make = () => createCase(test.db, owner, { createdAt: created, updatedAt: created });
  return { corp, owner, make };
}

const touchedAt = async (corpId: number, id: number) => {
  const [row] = await test.db
    .select({ touchedAt: clients.touchedAt })
    .from(clients)
    .where(and(eq(clients.corpId, corpId), eq(clients.id, id)));
  return row?.touchedAt.toISOString();
};

const followUp = async (w: Awaited<ReturnType<typeof world>>, clientId: number, writtenOn: Date) => {
  const [row] = await test.db
    .insert(followUps)
    .values({
      corpId: w.corp.id,
      clientId,
      staffId: w.owner.id,
      note: '电话回访',
      nextContactAt: writtenOn,
      // Done at once: a person has one open follow-up per case, and these are history.
      doneAt: writtenOn,
      createdAt: writtenOn,
    })
    .returning({ id: followUps.id });
  return row!.id;
};

describe('the last touch of a case', () => {
  it('starts at the creation, moves on with a newer follow-up and never back with an older one', async () => {
    const w = await world();
    const c = await w.make();
    expect(await touchedAt(w.corp.id, c.id)).toBe(created.toISOString());
    await followUp(w, c.id, day(10));
    expect(await touchedAt(w.corp.id, c.id)).toBe(day(10).toISOString());
    await followUp(w, c.id, day(4));
    expect(await touchedAt(w.corp.id, c.id)).toBe(day(10).toISOString());
  });

  it('restarts when a new owner takes the case, and falls back when its newest follow-up goes', async () => {
    const w = await world();
    const c = await w.make();
    const newest = await followUp(w, c.id, day(10));
    await test.db
      .update(clients)
      .set({ ownedSince: day(20) })
      .where(and(eq(clients.corpId, w.corp.id), eq(clients.id, c.id)));
    expect(await touchedAt(w.corp.id, c.id)).toBe(day(20).toISOString());

    await test.db
      .update(clients)
      .set({ ownedSince: null })
      .where(and(eq(clients.corpId, w.corp.id), eq(clients.id, c.id)));
    expect(await touchedAt(w.corp.id, c.id)).toBe(day(10).toISOString());
    await test.db.delete(followUps).where(and(eq(followUps.corpId, w.corp.id), eq(followUps.id, newest)));
    expect(await touchedAt(w.corp.id, c.id)).toBe(created.toISOString());
  });

  it('follows a follow-up moved to another case (a merge), on both cases', async () => {
    const w = await world();
    const [from, to] = [await w.make(), await w.make()];
    const moved = await followUp(w, from.id, day(30));
    await test.db
      .update(followUps)
      .set({ clientId: to.id })
      .where(and(eq(followUps.corpId, w.corp.id), eq(followUps.id, moved)));
    expect(await touchedAt(w.corp.id, from.id)).toBe(created.toISOString());
    expect(await touchedAt(w.corp.id, to.id)).toBe(day(30).toISOString());
  });

  it('is not the app’s to write: a value set by hand is put back', async () => {
    const w = await world();
    const c = await w.make();
    await followUp(w, c.id, day(5));
    await test.db
      .update(clients)
      .set({ touchedAt: day(300) })
      .where(and(eq(clients.corpId, w.corp.id), eq(clients.id, c.id)));
    expect(await touchedAt(w.corp.id, c.id)).toBe(day(5).toISOString());
  });
});
