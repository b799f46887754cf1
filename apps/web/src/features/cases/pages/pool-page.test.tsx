import * as E from '@crm/domain/endpoints/ownership';
import * as ECases from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findToast, ok, on, renderPage, tap, type ReplyData } from '../../../test/page.ts';

type PoolItem = ReplyData<typeof E.pool>['list'][number];

const item: PoolItem = {
  id: 77,
  client: '冯**',
  phone: '135****0101',
  status: 2,
  status_label: '签约失败',
  amount_fen: 5_000_000,
  last_owner: '周**',
  reason: '超过 15 天未跟进，自动退回公海',
  pooled_at: '2026-11-27T02:00:00.000Z',
};
const page = (list: PoolItem[]) => ok({ list, next_cursor: null, claims_left: 5 });

describe('/business/pool (decision 066)', () => {
  it('lists the pool masked and claims a case after a confirmation', async () => {
    const view = await renderPage('/business/pool', {
      api: [
        on(E.pool, page([item])),
        on(E.poolClaim, ok({ id: 77, claims_left: 4 }, '已领取')),
        on(ECases.detail, fail('稍后')),
      ],
    });
    expect(await screen.findByText('冯** · 135****0101')).toBeTruthy();
    expect(screen.getByText('原跟进人：周**')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '领取' }));
    // The confirmation's own 领取 is the last one drawn.
    expect(await screen.findByText('领取客户 冯**？领取后由你跟进。')).toBeTruthy();
    await tap(screen.getAllByRole('button', { name: '领取' }).at(-1) as HTMLElement);
    expect(await findToast('已领取')).toBeTruthy();
    expect(view.api.lastCall(E.poolClaim).fields).toEqual({ id: '77' });
  });

  it('says so when the pool is empty', async () => {
    await renderPage('/business/pool', { api: [on(E.pool, page([]))] });
    expect(await screen.findByText('公海暂无客户')).toBeTruthy();
  });
});
