import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { derivePool, poolHash, seedCommitment } from '@crm/domain/activity';
import { testAppForFile } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { sessionCookie } from '../../test/sessions.ts';
import { postForm } from '../../test/http.ts';
import { AT, author, lotterySpec } from './activity.test-helpers.ts';
import { authorActivity, compositionOf, parseActivityFile } from './index.ts';

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
    // The example releases its prizes day by day: the plan (31 China days) is part of the commitment.
    const composition = compositionOf(lottery);
    expect(composition?.release).toEqual({ every: 'day', rollover: true, periods: 31 });
    expect(row.poolHash).toBe(poolHash(row.pool, composition?.release));
    expect(composition && derivePool(row.seed, composition)).toBe(row.pool);
    expect(row.publishedAt).toEqual(AT);
  });

  it('refuses a file whose prizes outnumber the pool, or that ends before it starts', () => {
    const base = {
      key: 'k',
      type: 'lottery',
      title: 't',
      complaint_contact: '400-800-1234',
      starts_at: '2026-07-01T00:00:00Z',
      ends_at: '2026-07-02T00:00:00Z',
    };
    expect(() =>
      parseActivityFile(
        JSON.stringify({
          corp_id: 1,
          activities: [
            { ...base, lottery: { pool_size: 1, prizes: [{ tier: 1, name: 'x', stock: 2, value_fen: 1000 }] } },
          ],
        }),
      ),
    ).toThrow('奖品总数超过奖池大小');
    expect(() =>
      parseActivityFile(
        JSON.stringify({ corp_id: 1, activities: [{ ...base, ends_at: '2026-06-01T00:00:00Z', type: 'car' }] }),
      ),
    ).toThrow('结束时间须晚于开始时间');
  });

  it('re-authoring a draft draws a new pool; once published and drawn, the pool and stock cannot change', async () => {
    const corp = await createCompany(test.db);
    const draft = { published: false };
    const first = await author(test, corp.id, lotterySpec('again', draft));
    const second = await author(test, corp.id, lotterySpec('again', { ...draft, title: '改名' }));
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
        lotterySpec('frozen', {
          lottery: { pool_size: 100, prizes: [{ tier: 1, name: '加码', stock: 50, value_fen: 1000 }] },
        }),
      ),
    ).rejects.toThrow('奖项、奖品、价值、数量、概率与发放计划不能再改');
  });
});
