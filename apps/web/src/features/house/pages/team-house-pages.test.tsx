import * as E from '@crm/domain/endpoints/house';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, on } from '../../../test/fake-api.ts';
import {
  aHouseClient,
  confirmOpenPicker,
  findToast,
  LEADER,
  pageOf,
  type PageView,
  renderPageWith,
  tap,
} from '../../../test/page.ts';
import { aChannel, FINANCE_LEADER, search } from '../test-kit.ts';

const renderTeamHouse = renderPageWith('/team/house', { user: LEADER });

describe('/team/house', () => {
  it("lists the team's home-loan clients with their salesperson, and searches", async () => {
    const page = await renderTeamHouse([on(E.houseTeam, ok(pageOf([aHouseClient()])))]);
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(screen.getByText('王小明')).toBeTruthy();
    expect(page.api.lastCall(E.houseTeam)).toMatchObject({
      method: 'GET',
      query: { keyword: '', cursor: '' },
    });
    search('赵');
    await expect.poll(() => page.api.lastCall(E.houseTeam).query.keyword).toBe('赵');
  });

  it('says so when the team has none, and shows a refusal with a retry', async () => {
    const page = await renderTeamHouse([on(E.houseTeam, fail('仅组长可查看'))]);
    await page.retryFailedList('仅组长可查看', E.houseTeam, ok(pageOf([])));
    expect(await screen.findByText('暂无房贷客户')).toBeTruthy();
  });
});

/** Picks the first salesperson the sheet offers; gives what allotHouse was sent once `toast` shows. */
async function allotToFirstStaff(page: PageView, toast: string) {
  await confirmOpenPicker();
  expect(await findToast(toast)).toBeTruthy();
  return page.api.lastCall(E.allotHouse).fields;
}

describe('/team/houseChannel', () => {
  const renderAllot = renderPageWith('/team/houseChannel', {
    user: FINANCE_LEADER,
    api: [
      on(E.getHouseChannelList, ok(pageOf([aChannel()]))),
      on(E.getHouseList, ok(pageOf([aHouseClient()]))),
      on(E.houseStaff, ok([{ id: 8, name: '李娜' }])),
    ],
  });

  it('allots a channel to the salesperson picked', async () => {
    const page = await renderAllot([on(E.allotHouse, ok({ id: 1 }))]);
    await tap(await screen.findByText('链家静安寺店'));
    expect(await allotToFirstStaff(page, '分配成功')).toEqual({ kind: 'channel', id: '5', staff_id: '8' });
  });

  it('allots a client on the 客户 tab, and shows a refusal', async () => {
    const page = await renderAllot([on(E.allotHouse, fail('该员工已离职'))]);
    await screen.findByText('链家静安寺店');
    await tap(screen.getByText('客户'));
    await tap(await screen.findByText('赵磊'));
    expect(await allotToFirstStaff(page, '该员工已离职')).toEqual({ kind: 'client', id: '71', staff_id: '8' });
  });

  it('says so when there are no channels, and shows a failed list with a retry', async () => {
    const page = await renderAllot([on(E.getHouseChannelList, ok(pageOf([]))), on(E.getHouseList, fail('无权查看'))]);
    expect(await screen.findByText('暂无渠道')).toBeTruthy();
    await tap(screen.getByText('客户'));
    await page.retryFailedList('无权查看', E.getHouseList, ok(pageOf([aHouseClient()])));
    expect(await screen.findByText('赵磊')).toBeTruthy();
  });
});
