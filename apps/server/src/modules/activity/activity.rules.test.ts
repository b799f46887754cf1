import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityInfo, LotteryDraw } from '@crm/domain/api/activity';
import { verifyRevealedPool } from '@crm/domain/activity';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { postForBody } from '../../test/http.ts';
import { sessionCookie, staffCookie } from '../../test/sessions.ts';
import { AT, author, lotterySpec } from './activity.test-helpers.ts';

/*
 * The lottery released day by day and published before anyone draws (issue 51, decision 070), through the
 * visitor's calls with the test's clock: a day gives out only its own segment of the committed pool; without
 * rollover a day's undrawn tickets lapse; the page shows what is left today; a draft is nobody's to see.
 */

type Body<T> = { code: number; msg: string; data: T };
const DAY = 86_400_000;
let clock = AT;
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ now: () => clock });
});
afterAll(() => test.close());

let visitors = 0;
const visitor = (corpId: number) => sessionCookie(test, { kind: 'visitor', corpId, openid: `oRules${++visitors}` });
const draw = async (activityId: number, cookie: string) =>
  (
    await postForBody<Body<LotteryDraw | null>>(
      test.app,
      '/api/crm/lotteryDraw',
      { activity_id: activityId },
      { cookie },
    )
  ).body;
const info = async (id: number) =>
  (await postForBody<Body<ActivityInfo>>(test.app, '/api/crm/getActivityinfo', { activity_id: id })).body;

/** Three China days, 2 to 4 May 2026 (AT is 10:00 on the 2nd): 2 tickets and 1 first prize a day. */
const threeDays = (key: string, rollover: boolean, overrides: Record<string, unknown> = {}) =>
  lotterySpec(key, {
    starts_at: '2026-05-01T16:00:00Z',
    ends_at: '2026-05-04T16:00:00Z',
    lottery: {
      pool_size: 6,
      release: { every: 'day', rollover },
      prizes: [{ tier: 1, name: '扫地机器人', stock: 3, value_fen: 199_900 }],
    },
    ...overrides,
  });

describe('a lottery released day by day', () => {
  it('gives out each day only its own segment; without rollover a day’s undrawn tickets lapse; the seed re-derives it all', async () => {
    clock = AT;
    const corp = await createCompany(test.db);
    const activity = await author(test, corp.id, threeDays('daily', false));
    const before = (await info(activity.id)).data.lottery;
    expect(before).toMatchObject({
      release: { every: 'day', rollover: false, periods: 3, current: 1 },
      prizes: [{ tier: 1, stock: 3, left_now: 1, odds: '3/6（50%）', value_fen: 199_900 }],
    });

    const day1 = [await draw(activity.id, await visitor(corp.id)), await draw(activity.id, await visitor(corp.id))];
    expect(day1.map((d) => d.data?.ticket)).toEqual([0, 1]);
    expect(day1.filter((d) => d.data?.prize)).toHaveLength(1);
    // The day's two tickets are drawn: a third visitor is told to come back, and may.
    const late = await visitor(corp.id);
    const refused = await draw(activity.id, late);
    expect(refused).toMatchObject({ code: 1, msg: '本期奖券已抽完，请下一期再来', data: null });
    expect((await info(activity.id)).data.lottery?.prizes[0]?.left_now).toBe(0);

    clock = new Date(AT.getTime() + DAY);
    expect((await info(activity.id)).data.lottery).toMatchObject({
      release: { current: 2 },
      prizes: [{ left_now: 1 }],
    });
    expect((await draw(activity.id, late)).data).toMatchObject({ ticket: 2 });

    // Day 2's other ticket is not drawn; on day 3 it has lapsed: the draws take day 3's tickets 4 and 5.
    clock = new Date(AT.getTime() + 2 * DAY);
    const day3 = [await draw(activity.id, await visitor(corp.id)), await draw(activity.id, await visitor(corp.id))];
    expect(day3.map((d) => d.data?.ticket)).toEqual([4, 5]);
    expect(day3.filter((d) => d.data?.prize)).toHaveLength(1);
    // The last day's segment is spent: like an empty pool, 谢谢参与 without a ticket.
    expect((await draw(activity.id, await visitor(corp.id))).data).toMatchObject({ ticket: null, tier: 4 });

    clock = new Date(AT.getTime() + 3 * DAY);
    const ended = (await info(activity.id)).data.lottery;
    if (!ended?.seed || !ended.release) throw new Error('no seed revealed');
    const check = verifyRevealedPool({
      seed: ended.seed,
      seedCommitment: ended.seed_commitment,
      poolHash: ended.pool_hash,
      composition: {
        size: ended.pool_size,
        prizes: ended.prizes.map((p) => ({ tier: p.tier, stock: p.stock })),
        release: ended.release,
      },
    });
    expect(check).toMatchObject({ seedMatches: true, poolMatches: true });
    for (const d of [...day1, ...day3]) expect(String(d.data?.tier)).toBe(check.pool[d.data?.ticket ?? -1]);
    clock = AT;
  });

  it('with rollover a quiet day’s tickets stay drawable the next day', async () => {
    clock = new Date(AT.getTime() + DAY);
    const corp = await createCompany(test.db);
    const activity = await author(test, corp.id, threeDays('rolling', true));
    expect((await info(activity.id)).data.lottery?.prizes[0]?.left_now).toBe(2);
    const tickets = [];
    for (let i = 0; i < 4; i++) tickets.push((await draw(activity.id, await visitor(corp.id))).data?.ticket);
    expect(tickets).toEqual([0, 1, 2, 3]);
    expect((await draw(activity.id, await visitor(corp.id))).msg).toBe('本期奖券已抽完，请下一期再来');
    clock = AT;
  });

  it('a draft shows no page and takes no draw; staff may not draw; another company’s visitor finds nothing', async () => {
    clock = AT;
    const corp = await createCompany(test.db);
    const draft = await author(test, corp.id, lotterySpec('draft', { published: false }));
    expect((await info(draft.id)).code).not.toBe(0);
    expect(await draw(draft.id, await visitor(corp.id))).toMatchObject({ msg: '活动不存在', data: null });

    const live = await author(test, corp.id, threeDays('live', false));
    const clerk = await createStaff(test.db, corp.id);
    const asStaff = await postForBody(
      test.app,
      '/api/crm/lotteryDraw',
      { activity_id: live.id },
      { cookie: await staffCookie(test, clerk) },
    );
    expect(asStaff.status).toBe(403);
    const other = await createCompany(test.db);
    expect(await draw(live.id, await visitor(other.id))).toMatchObject({ msg: '活动不存在', data: null });
    expect((await info(live.id)).data.lottery?.drawn).toBe(0);
  });

  it('refuses a malformed activity id without a 5xx', async () => {
    const corp = await createCompany(test.db);
    const bad = await postForBody<Body<null>>(
      test.app,
      '/api/crm/lotteryDraw',
      { activity_id: 'abc' },
      { cookie: await visitor(corp.id) },
    );
    expect(bad.status).toBeLessThan(500);
    expect(bad.body.code).not.toBe(0);
  });
});
