import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createStaff, createTeam } from '../../test/factories.ts';
import { createCase, createMoneyWorld, uploadProofImage } from '../../test/factories-money.ts';
import { loginAs, postForm } from '../../test/http.ts';

/*
 * The leader's "to confirm" list (issue 9): the team's pending repayments recorded by someone else, the
 * same rows as the home badge `confirm`, and confirming one takes it off both.
 */

type Body<T = unknown> = { code: number; msg: string; data: T };
type Item = {
  id: number;
  client_id: number;
  client_name: string;
  amount_fen: number;
  recorded_by: string;
  images: { id: number; url: string; thumb_url: string }[];
};
type Page = { list: Item[]; next_cursor: number | null };

let test: TestApp;
let world: Awaited<ReturnType<typeof createMoneyWorld>>;
const cookies = {} as Record<'owner' | 'leader' | 'colleague' | 'otherLeader', string>;

beforeAll(async () => {
  test = await buildTestApp({ now: () => new Date('2026-11-21T08:00:00Z') });
  world = await createMoneyWorld(test.db);
  for (const who of ['owner', 'leader', 'colleague', 'otherLeader'] as const)
    cookies[who] = await loginAs(test, world[who]);
});
afterAll(() => test.close());

async function post<T = unknown>(cookie: string, name: string, fields: Record<string, string | number> = {}) {
  const response = await postForm(test.app, `/api/crm/${name}`, fields, { cookie });
  return { status: response.statusCode, body: response.json<Body<T>>() };
}
async function addMoney(cookie: string, clientId: number, amount: string, imgs?: number) {
  const added = await post<{ id: number }>(cookie, 'addMoney', {
    id: clientId,
    amount,
    paid_on: '2026-11-20',
    method: 3,
    key: randomUUID(),
    ...(imgs === undefined ? {} : { imgs }),
  });
  expect(added.body.code).toBe(0);
  return added.body.data.id;
}
const toConfirm = async (cookie: string, fields: Record<string, string | number> = {}) =>
  post<Page>(cookie, 'moneyToConfirm', fields);
async function confirmBadge(cookie: string, id: number) {
  const info = await post<{ total: { confirm: number } }>(cookie, 'userinfo', { id });
  return info.body.data.total.confirm;
}

describe('POST /api/crm/moneyToConfirm', () => {
  it("lists the team's repayments recorded by others, newest first, paged, and counts them on the badge", async () => {
    const first = await addMoney(cookies.owner, world.theCase.id, '100.00');
    const second = await addMoney(cookies.owner, world.theCase.id, '200.50');
    // The leader's own record is not theirs to confirm (maker-checker).
    await addMoney(cookies.leader, world.theCase.id, '300.00');

    const page1 = await toConfirm(cookies.leader, { limit: 1 });
    expect(page1.body.data.list).toEqual([
      expect.objectContaining({ id: second, client_id: world.theCase.id, client_name: '测试客户', amount_fen: 20_050 }),
    ]);
    const page2 = await toConfirm(cookies.leader, { limit: 1, cursor: page1.body.data.next_cursor ?? 0 });
    expect(page2.body.data.list.map((item) => item.id)).toEqual([first]);
    expect(page2.body.data.next_cursor).toBeNull();
    expect(await confirmBadge(cookies.leader, world.leader.id)).toBe(2);

    expect((await post(cookies.leader, 'moneyConfirm', { id: second })).body.code).toBe(0);
    expect((await toConfirm(cookies.leader)).body.data.list.map((item) => item.id)).toEqual([first]);
    expect(await confirmBadge(cookies.leader, world.leader.id)).toBe(1);
  });

  it("carries each record's proof photos, signed links the leader can open and no one else can reuse", async () => {
    const image = await uploadProofImage(test, cookies.owner, world.theCase.id);
    const id = await addMoney(cookies.owner, world.theCase.id, '66.00', image);
    const item = (await toConfirm(cookies.leader)).body.data.list.find((row) => row.id === id);
    expect(item?.images.map((i) => i.id)).toEqual([image]);
    const get = (url: string, cookie: string) => test.app.inject({ method: 'GET', url, headers: { cookie } });
    expect((await get(item?.images[0]?.thumb_url ?? '', cookies.leader)).statusCode).toBe(200);
    expect((await get(item?.images[0]?.url ?? '', cookies.leader)).statusCode).toBe(200);
    // The link is signed for the leader: another team's leader cannot open it.
    expect((await get(item?.images[0]?.url ?? '', cookies.otherLeader)).statusCode).not.toBe(200);
    expect((await post(cookies.leader, 'moneyConfirm', { id })).body.code).toBe(0);
  });

  it("shows another team's leader nothing of this team, and another company's leader nothing at all", async () => {
    const otherTeamCase = await createCase(test.db, world.otherLeader, '别组客户');
    await addMoney(cookies.owner, world.theCase.id, '50.00');
    const other = await toConfirm(cookies.otherLeader);
    expect(other.body.data.list.every((item) => item.client_id === otherTeamCase.id)).toBe(true);
    const theirTeam = await createTeam(test.db, world.otherCorp.id);
    const theirLeader = await createStaff(test.db, world.otherCorp.id, { teamId: theirTeam.id, isLeader: true });
    expect((await toConfirm(await loginAs(test, theirLeader))).body.data.list).toEqual([]);
  });

  it('refuses a salesperson who leads no team (403) and a bad cursor (code 1)', async () => {
    const refused = await toConfirm(cookies.owner);
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe('仅团队长可查看');
    const bad = await toConfirm(cookies.leader, { cursor: 'x' });
    expect(bad.body.code).toBe(1);
  });
});
