import { randomBytes } from 'node:crypto';
import { count, eq, isNotNull, and } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromBytes, derivePool } from '@crm/domain/activity';
import { hearDroppedConnections, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema/index.ts';
import { activityCodes, lotteryDraws } from '../../db/schema/activity.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createStaff } from '../../test/factories.ts';
import { postForm } from '../../test/http.ts';
import { staffCookie } from '../../test/sessions.ts';
import { createActivityRepository, PeriodSpentError } from './activity.repository.ts';
import { compositionOfRow, windowAt } from './activity.service.ts';
import { AT, author, authorInNewCompany, couponSpec, lotterySpec } from './activity.test-helpers.ts';

/*
 * Stock and once-per-visitor rules under concurrency (decision 056). They prove something only on
 * PostgreSQL (PGlite runs one transaction at a time) and pass on both:
 *   DATABASE_URL=postgres://… npx vitest run --project server src/modules/activity/activity.race.test.ts
 * Without the atomic `UPDATE activities SET next_ticket = next_ticket + 1 … RETURNING` (a read of the
 * counter, then a write) concurrent draws take the same ticket and a prize is issued twice; without the
 * unique (activity, openid) a visitor draws twice.
 */

let test: TestApp;
/** The database the draws run on: on PostgreSQL a pool of its own, wide and patient enough for 1,000 at once. */
let wide: { db: Db; close: () => Promise<void> };
beforeAll(async () => {
  test = await buildTestApp({ now: () => AT });
  const client: unknown = test.db.$client;
  if (client instanceof pg.Pool) {
    // Its connections may still be closing when the file's database is dropped (pool.end() does not wait for
    // the server): the termination that drop sends them must not go unheard.
    const pool = hearDroppedConnections(
      new pg.Pool({ connectionString: client.options.connectionString, max: 20, connectionTimeoutMillis: 120_000 }),
    );
    wide = { db: drizzle({ client: pool, schema, casing: 'snake_case' }), close: () => pool.end() };
  } else wide = { db: test.db, close: async () => undefined };
});
afterAll(async () => {
  await wide.close();
  await test.close();
});

const newCode = () => codeFromBytes(randomBytes(32));
const day = 86_400_000;

describe('the lottery under 1,000 concurrent draws', () => {
  it('a stock of 10 in a pool of 1,000 gives exactly 10 prizes and 990 thank-yous, each ticket once, in the committed order', async () => {
    const { corp, activity } = await authorInNewCompany(
      test,
      lotterySpec('race', {
        lottery: {
          pool_size: 1000,
          prizes: [
            { tier: 1, name: '一等奖', stock: 1, value_fen: 1000 },
            { tier: 2, name: '二等奖', stock: 3, value_fen: 1000 },
            { tier: 3, name: '三等奖', stock: 6, value_fen: 1000 },
          ],
        },
      }),
    );
    const repo = createActivityRepository(wide.db);
    const results = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        repo.draw(
          {
            corpId: corp.id,
            openid: `oRace${i}`,
            activityId: activity.id,
            at: AT,
            codeExpiresAt: new Date(AT.getTime() + day),
          },
          newCode,
        ),
      ),
    );
    const draws = results.flatMap((r) => (r.already ? [] : [r]));
    expect(draws).toHaveLength(1000);
    expect(draws.filter((d) => d.prize !== null)).toHaveLength(10);
    expect(draws.filter((d) => d.draw.tier === 4)).toHaveLength(990);
    expect(new Set(draws.map((d) => d.draw.ticket)).size).toBe(1000);
    // The database agrees: ten codes, and every ticket's tier is the pool's.
    const [codes] = await test.db
      .select({ n: count() })
      .from(activityCodes)
      .where(eq(activityCodes.activityId, activity.id));
    expect(codes?.n).toBe(10);
    const pool = derivePool(activity.seed, {
      size: 1000,
      prizes: [
        { tier: 1, stock: 1 },
        { tier: 2, stock: 3 },
        { tier: 3, stock: 6 },
      ],
    });
    for (const d of draws) expect(String(d.draw.tier)).toBe(pool[d.draw.ticket ?? -1]);
    // The 1,001st finds the pool empty.
    const late = await repo.draw(
      { corpId: corp.id, openid: 'oLate', activityId: activity.id, at: AT, codeExpiresAt: AT },
      newCode,
    );
    expect(late).toMatchObject({ already: false, prize: null, draw: { ticket: null, tier: 4 } });
  }, 120_000);

  it('eight draws at once by one visitor make one draw', async () => {
    const { corp, activity } = await authorInNewCompany(test, lotterySpec('same-visitor'));
    const repo = createActivityRepository(test.db);
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        repo.draw({ corpId: corp.id, openid: 'oTwice', activityId: activity.id, at: AT, codeExpiresAt: AT }, newCode),
      ),
    );
    expect(results.filter((r) => !r.already)).toHaveLength(1);
    const rows = await test.db.select().from(lotteryDraws).where(eq(lotteryDraws.activityId, activity.id));
    expect(rows).toHaveLength(1);
  });
});

describe('a lottery released day by day under 200 concurrent draws (issue 51)', () => {
  it('a day of 100 tickets holding 10 prizes: 100 draws take them, each once, exactly 10 win; 100 are told to come back', async () => {
    const { corp, activity } = await authorInNewCompany(
      test,
      lotterySpec('daily-race', {
        // Three China days (2 to 4 May; AT is the 2nd): 100 tickets and 10 third prizes a day.
        starts_at: '2026-05-01T16:00:00Z',
        ends_at: '2026-05-04T16:00:00Z',
        lottery: {
          pool_size: 300,
          release: { every: 'day', rollover: false },
          prizes: [{ tier: 3, name: '定制水杯', stock: 30, value_fen: 3_900 }],
        },
      }),
    );
    const repo = createActivityRepository(wide.db);
    const composition = compositionOfRow(activity, await repo.prizes(activity.id));
    const window = windowAt(activity, composition, AT);
    expect(window).toEqual({ from: 0, to: 100, final: false });
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        repo.draw(
          { corpId: corp.id, openid: `oDaily${i}`, activityId: activity.id, at: AT, codeExpiresAt: AT, window },
          newCode,
        ),
      ),
    );
    const draws = results.flatMap((r) => (r.status === 'fulfilled' && !r.value.already ? [r.value] : []));
    const spent = results.filter((r) => r.status === 'rejected' && r.reason instanceof PeriodSpentError);
    expect(draws).toHaveLength(100);
    expect(spent).toHaveLength(100);
    expect(draws.filter((d) => d.prize !== null)).toHaveLength(10);
    const tickets = draws.map((d) => d.draw.ticket ?? -1);
    expect(new Set(tickets).size).toBe(100);
    expect(Math.max(...tickets)).toBe(99);
    const [codes] = await test.db
      .select({ n: count() })
      .from(activityCodes)
      .where(eq(activityCodes.activityId, activity.id));
    expect(codes?.n).toBe(10);
    // The refused visitors left no draw behind: they may draw tomorrow.
    const rows = await test.db.select().from(lotteryDraws).where(eq(lotteryDraws.activityId, activity.id));
    expect(rows).toHaveLength(100);
  }, 120_000);
});

describe('coupons under concurrent claims', () => {
  it('forty visitors at once on a stock of 10: ten coupons, thirty sold out; one visitor eight times: one coupon', async () => {
    const { corp, activity } = await authorInNewCompany(
      test,
      couponSpec('coupon-race', { coupon: { title: '满减券', value_fen: 100, stock: 10, valid_days: 7 } }),
    );
    const repo = createActivityRepository(test.db);
    const claim = (openid: string) =>
      repo.claimCoupon(
        { corpId: corp.id, openid, activityId: activity.id, title: '满减券', valueFen: 100, at: AT, expiresAt: AT },
        newCode,
      );
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => claim(`oCoupon${i}`)));
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(10);
    expect(results.filter((r) => r.status === 'soldOut')).toHaveLength(30);

    const other = await author(test, corp.id, couponSpec('coupon-same'));
    const same = await Promise.all(
      Array.from({ length: 8 }, () =>
        repo.claimCoupon(
          { corpId: corp.id, openid: 'oSame', activityId: other.id, title: 't', valueFen: 0, at: AT, expiresAt: AT },
          newCode,
        ),
      ),
    );
    const codes = new Set(same.map((r) => (r.status === 'ok' ? r.row.code : '')));
    expect(codes.size).toBe(1);
    expect(same.filter((r) => r.status === 'ok' && !r.already)).toHaveLength(1);
  });

  it('six staff redeeming one code at once: one succeeds', async () => {
    const { corp, activity } = await authorInNewCompany(test, couponSpec('redeem-race'));
    const repo = createActivityRepository(test.db);
    const claimed = await repo.claimCoupon(
      {
        corpId: corp.id,
        openid: 'oRedeem',
        activityId: activity.id,
        title: '满减券',
        valueFen: 100,
        at: AT,
        expiresAt: new Date(AT.getTime() + day),
      },
      newCode,
    );
    if (claimed.status !== 'ok') throw new Error('not claimed');
    const clerks = await Promise.all(Array.from({ length: 6 }, () => createStaff(test.db, corp.id)));
    const answers = await Promise.all(
      clerks.map(async (clerk) =>
        (
          await postForm(
            test.app,
            '/api/crm/couponRedeem',
            { code: claimed.row.code },
            { cookie: await staffCookie(test, clerk) },
          )
        ).json<{ code: number; msg: string }>(),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 0).every((a) => a.msg.startsWith('该券码已于'))).toBe(true);
    const redeemed = await test.db
      .select()
      .from(activityCodes)
      .where(and(eq(activityCodes.activityId, activity.id), isNotNull(activityCodes.redeemedAt)));
    expect(redeemed).toHaveLength(1);
  });
});
