import * as E from '@crm/domain/endpoints/house';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHouseClient, aHouseDetail, fail, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';
import { search } from '../test-kit.ts';

const STATUSES = ok([
  { value: 1, label: '新建' },
  { value: 3, label: '已签约' },
]);

describe('/business/house', () => {
  it('lists my home-loan clients and opens one on tap', async () => {
    const page = await renderPage('/business/house', {
      api: [
        on(E.houseStatus, STATUSES),
        on(E.getHouseList, ok(pageOf([aHouseClient()]))),
        on(E.getHouseDetail, ok(aHouseDetail())),
      ],
    });
    const row = await screen.findByText('赵磊');
    expect(screen.getByText('138****0001 · ¥1,000,000.00 · 240 个月（20 年）')).toBeTruthy();
    expect(page.api.lastCall(E.getHouseList).fields).toMatchObject({
      keyword: '',
      status: 'null',
      cursor: '',
    });
    await tap(row);
    await expect.poll(page.pathname).toBe('/business/houseDetail/0/71');
  });

  it('filters by the status tab and searches by the keyword', async () => {
    const page = await renderPage('/business/house', {
      api: [on(E.houseStatus, STATUSES), on(E.getHouseList, ok(pageOf([])))],
    });
    await tap(await screen.findByText('已签约'));
    await expect.poll(() => page.api.lastCall(E.getHouseList).fields.status).toBe('3');
    search('赵');
    await expect.poll(() => page.api.lastCall(E.getHouseList).fields.keyword).toBe('赵');
  });

  it('says so when there are no clients, and offers to add one', async () => {
    const page = await renderPage('/business/house', {
      api: [on(E.houseStatus, STATUSES), on(E.getHouseList, ok(pageOf([]))), on(E.getHouseChannelList, ok(pageOf([])))],
    });
    expect(await screen.findByText('暂无房贷客户')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '新增房贷客户' }));
    await expect.poll(page.pathname).toBe('/business/houseAdd');
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/business/house', {
      api: [on(E.houseStatus, STATUSES), on(E.getHouseList, fail('无权查看'))],
    });
    await page.retryFailedList('无权查看', E.getHouseList, ok(pageOf([aHouseClient()])));
    expect(await screen.findByText('赵磊')).toBeTruthy();
  });
});
