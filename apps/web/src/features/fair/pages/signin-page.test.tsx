import * as E from '@crm/domain/endpoints/fair';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, loadFailureCases, ok, on, renderPageWith } from '../../../test/page.ts';
import { aFair, aFairSignin } from '../../../test/pact-fair-data.ts';

/** Today's fair, one person checked in so far. */
const renderSignin = renderPageWith('/business/signin', { api: [on(E.fairSignin, ok(aFairSignin()))] });

describe('/business/signin', () => {
  it("shows today's fair with who checked in, and checks the person in with one tap", async () => {
    const page = await renderSignin([
      on(
        E.fairCheckin,
        ok({ fair_id: 5, day: '2026-11-23', checked_in_at: '2026-11-23T01:30:00.000Z', already: false }, '签到成功'),
      ),
    ]);
    expect(await screen.findByText('上海春季家装博览会')).toBeTruthy();
    expect(screen.getByText('今天 2026-11-23')).toBeTruthy();
    expect(screen.getByText('2026-11-22 至 2026-11-24')).toBeTruthy();
    expect(screen.getByText('今日到岗（1 人）')).toBeTruthy();
    expect(screen.getByText('李建国')).toBeTruthy();
    expect(screen.getByText('09:05')).toBeTruthy();
    expect(await page.sentFields('签到', '签到成功', E.fairCheckin)).toEqual({ fair_id: '5' });
    // The roster is asked for again after the check-in.
    await expect.poll(() => page.api.callsTo(E.fairSignin).length).toBeGreaterThan(1);
  });

  it('shows the time of an earlier check-in instead of the button', async () => {
    await renderSignin([on(E.fairSignin, ok(aFairSignin([aFair({ my_checked_in_at: '2026-11-23T00:45:00.000Z' })])))]);
    expect(await screen.findByText('已签到 08:45')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '签到' })).toBeNull();
  });

  it('shows the server refusing a check-in', async () => {
    const page = await renderSignin([on(E.fairCheckin, fail('该展会今天不在举办期内，无法签到'))]);
    await screen.findByText('上海春季家装博览会');
    expect(await page.sentFields('签到', '该展会今天不在举办期内，无法签到', E.fairCheckin)).toEqual({
      fair_id: '5',
    });
  });

  it('says so on a day without fairs', async () => {
    await renderSignin([on(E.fairSignin, ok(aFairSignin([])))]);
    expect(await screen.findByText('今天没有进行中的展会')).toBeTruthy();
  });

  it.each(loadFailureCases('仅返佣岗位只能查看返佣申请'))('shows %s with a retry', async (_name, reply, message) => {
    const page = await renderSignin([on(E.fairSignin, reply)]);
    expect(await screen.findByText('展会签到加载失败')).toBeTruthy();
    await page.retryFailedLoad(message, E.fairSignin, ok(aFairSignin()));
    expect(await screen.findByText('上海春季家装博览会')).toBeTruthy();
  });
});
