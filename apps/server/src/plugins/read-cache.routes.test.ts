import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../db/schema/staff.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createCase } from '../test/factories-cases.ts';
import { createCompany, createStaff, createTeam } from '../test/factories.ts';
import { postForm } from '../test/http.ts';
import { staffCookie } from '../test/sessions.ts';

/*
 * Decision 064 end to end: two server processes on one database (two pools and two change feeds on
 * PostgreSQL; one PGlite shared in the first pass). What one process keeps, the other's writes end.
 */
const NOW = new Date('2026-11-21T08:00:00Z');
let test: TestApp;
let other: TestApp['app'];
beforeAll(async () => {
  test = await buildTestApp({ now: () => NOW });
  other = (await test.secondProcess()).app;
});
afterAll(() => test.close());

async function salesperson() {
  const corp = await createCompany(test.db);
  const team = await createTeam(test.db, corp.id);
  const person = await createStaff(test.db, corp.id, { teamId: team.id, jobs: [1] });
  return { person, cookie: await staffCookie(test, person) };
}

const clientList = (app: TestApp['app'], cookie: string) =>
  postForm(app, '/api/crm/clientList', { limit: 20 }, { cookie });
const userinfo = (app: TestApp['app'], cookie: string, id: number) =>
  postForm(app, '/api/crm/userinfo', { id }, { cookie });
const listedIds = (response: Awaited<ReturnType<typeof clientList>>) =>
  response.json<{ data: { list: { id: number }[] } }>().data.list.map((item) => item.id);

describe('the read cache across two processes', () => {
  it("serves a repeated list from memory, the same answer, until the other process's write ends it", async () => {
    const { person, cookie } = await salesperson();
    const [kept, gone] = [await createCase(test.db, person), await createCase(test.db, person)];

    const first = await clientList(test.app, cookie);
    expect(first.headers['x-cache']).toBeUndefined();
    expect(listedIds(first)).toEqual([gone.id, kept.id]);
    const again = await clientList(test.app, cookie);
    expect(again.headers['x-cache']).toBe('hit');
    expect(again.body).toBe(first.body);

    const deleted = await postForm(other, '/api/crm/delClient', { id: gone.id }, { cookie });
    expect(deleted.json()).toMatchObject({ code: 0 });
    const after = await clientList(test.app, cookie);
    expect(after.headers['x-cache']).toBeUndefined();
    expect(listedIds(after)).toEqual([kept.id]);
  });

  it('never serves one member the answer kept for another', async () => {
    const a = await salesperson();
    const b = await salesperson();
    const mine = await createCase(test.db, a.person);
    await clientList(test.app, a.cookie);
    const theirs = await clientList(test.app, b.cookie);
    expect(theirs.headers['x-cache']).toBeUndefined();
    expect(listedIds(theirs)).toEqual([]);
    expect(listedIds(await clientList(test.app, a.cookie))).toEqual([mine.id]);
  });

  it('ends a kept session when the other process logs it out, and when a member is switched off by hand', async () => {
    const leaving = await salesperson();
    expect((await userinfo(test.app, leaving.cookie, leaving.person.id)).json()).toMatchObject({ code: 0 });
    expect((await userinfo(test.app, leaving.cookie, leaving.person.id)).headers['x-cache']).toBe('hit');
    expect((await postForm(other, '/api/crm/logout', {}, { cookie: leaving.cookie })).json()).toMatchObject({
      code: 0,
    });
    const loggedOut = await userinfo(test.app, leaving.cookie, leaving.person.id);
    expect(loggedOut.statusCode).toBe(401);

    const switchedOff = await salesperson();
    await clientList(test.app, switchedOff.cookie);
    expect((await clientList(test.app, switchedOff.cookie)).headers['x-cache']).toBe('hit');
    await test.db.update(staff).set({ isActive: false }).where(eq(staff.id, switchedOff.person.id));
    expect((await clientList(test.app, switchedOff.cookie)).statusCode).toBe(401);
  });

  it('answers a refusal afresh rather than keeping it, whether validation or the service refused', async () => {
    const { person, cookie } = await salesperson();
    const someoneElse = person.id + 1_000_000;
    for (const id of [someoneElse, someoneElse, 'x', 'x']) {
      const refused = await postForm(test.app, '/api/crm/userinfo', { id }, { cookie });
      expect(refused.headers['x-cache']).toBeUndefined();
      expect(refused.json()).toEqual(
        id === 'x'
          ? { code: 1, msg: '用户无效', data: null, field: 'id' }
          : { code: 403, msg: '无权查看其他用户的信息', data: null },
      );
    }
  });
});
