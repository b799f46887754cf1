import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { derivePool, poolHash, seedCommitment } from '@crm/domain/activity';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { sessionCookie } from '../../test/sessions.ts';
import { postForm } from '../../test/http.ts';
import { AT, author, lotterySpec } from './activity.test-helpers.ts';
import { authorActivity, parseActivityFile } from './index.ts';

const test = testAppForFile({ now: () => AT });

describe('authoring activities (npm run activity -- file)', () => {
  it('reads the example file, and writes each activity with a lottery pool committed by its hashes', async () => {
    const file = parseActivityFile(
      fs.readFileSync(fileURLToPath(new URL('../../../activities/example.yaml', import.meta.url)), 'utf8'),
    );
    expect(file.activities.map((a) => a.type)).toEqual(['lottery', 'coupon', 'car']);
    const corp = await createCompany(test.db);
    const [lottery] = file.activities;
    if (!lottery) throw new Error('no lottery');
    const row = await authorActivity(test.db, corp.id, lottery, AT);
    expect(row.pool).toHaveLength(1000);
    expect(row.seedCommitment).toBe(seedCommitment(row.seed));
    expect(row.poolHash).toBe(poolHash(row.pool));
    expect(
      derivePool(row.seed, {
        size: 1000,
        prizes: [
          { tier: 1, stock: 1 },
          { tier: 2, stock: 3 },
          { tier: 3, stock: 6 },
        ],
      }),
    ).toBe(row.pool);
  });

  it('refuses a file whose prizes outnumber the pool, or that ends before it starts', () => {
    const base = {
      key: 'k',
      type: 'lottery',
      title: 't',
      starts_at: '2026-07-01T00:00:00Z',
      ends_at: '2026-07-02T00:00:00Z',
    };
    expect(() =>
      parseActivityFile(
        JSON.stringify({
          corp_id: 1,
          activities: [{ ...base, lottery: { pool_size: 1, prizes: [{ tier: 1, name: 'x', stock: 2 }] } }],
        }),
      ),
    ).toThrow('奖品总数超过奖池大小');
    expect(() =>
      parseActivityFile(
        JSON.stringify({ corp_id: 1, activities: [{ ...base, ends_at: '2026-06-01T00:00:00Z', type: 'car' }] }),
      ),
    ).toThrow('结束时间须晚于开始时间');
  });

  it('re-authoring before the start draws a new pool; after someone drew, the pool and stock cannot change', async () => {
    const corp = await createCompany(test.db);
    const startsLater = { starts_at: new Date(AT.getTime() + 86_400_000).toISOString() };
    const first = await author(test, corp.id, lotterySpec('again', startsLater));
    const second = await author(test, corp.id, lotterySpec('again', { ...startsLater, title: '改名' }));
    expect(second.id).toBe(first.id);
    expect(second.seed).not.toBe(first.seed);

    const running = await author(test, corp.id, lotterySpec('frozen'));
    const visitor = await sessionCookie(test, { kind: 'visitor', corpId: corp.id, openid: 'oFrozen' });
    await postForm(test.app, '/api/crm/lotteryDraw', { activity_id: running.id }, { cookie: visitor });
    const renamed = await author(test, corp.id, lotterySpec('frozen', { title: '只改标题' }));
    expect(renamed).toMatchObject({ id: running.id, title: '只改标题', seed: running.seed, nextTicket: 1 });
    await expect(
      author(
        test,
        corp.id,
        lotterySpec('frozen', { lottery: { pool_size: 100, prizes: [{ tier: 1, name: '加码', stock: 50 }] } }),
      ),
    ).rejects.toThrow('奖池、奖品与库存不能再改');
  });
});
