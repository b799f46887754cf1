import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aHouseClient,
  confirmOpenPicker,
  fail,
  findToast,
  LEADER,
  ok,
  pageOf,
  type PageView,
  renderPageWith,
  tap,
} from '../../../test/page.ts';
import { aChannel, FINANCE_LEADER, search } from '../test-kit.ts';

const renderTeamHouse = renderPageWith('/team/house', { user: LEADER });

describe('/team/house', () => {
  it("lists the team's home-loan clients with their salesperson, and searches", async () => {
    const page = await renderTeamHouse({ '/api/crm/houseTeam': ok(pageOf([aHouseClient()])) });
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(screen.getByText('王小明')).toBeTruthy();
    expect(page.api.lastCall('/api/crm/houseTeam')).toMatchObject({
      method: 'GET',
      query: { keyword: '', cursor: '' },
    });
    search('赵');
    await expect.poll(() => page.api.lastCall('/api/crm/houseTeam').query.keyword).toBe('赵');
  });

  it('says so when the team has none, and shows a refusal with a retry', async () => {
    const page = await renderTeamHouse({ '/api/crm/houseTeam': fail('仅组长可查看') });
    await page.retryFailedList('仅组长可查看', '/api/crm/houseTeam', ok(pageOf([])));
    expect(await screen.findByText('暂无房贷客户')).toBeTruthy();
  });
});

/** Picks the first salesperson the sheet offers; gives what allotHouse was sent once `toast` shows. */
async function allotToFirstStaff(page: PageView, toast: string) {
  await confirmOpenPicker();
  expect(await findToast(toast)).toBeTruthy();
  return page.api.lastCall('/api/crm/allotHouse').fields;
}

describe('/team/houseChannel', () => {
  const renderAllot = renderPageWith('/team/houseChannel', {
    user: FINANCE_LEADER,
    api: {
      '/api/crm/getHouseChannelList': ok(pageOf([aChannel()])),
      '/api/crm/getHouseList': ok(pageOf([aHouseClient()])),
      '/api/crm/houseStaff': ok([{ id: 8, name: '李娜' }]),
    },
  });

  it('allots a channel to the salesperson picked', async () => {
    const page = await renderAllot({ '/api/crm/allotHouse': ok({ id: 1 }) });
    await tap(await screen.findByText('链家静安寺店'));
    expect(await allotToFirstStaff(page, '分配成功')).toEqual({ kind: 'channel', id: '5', staff_id: '8' });
  });

  it('allots a client on the 客户 tab, and shows a refusal', async () => {
    const page = await renderAllot({ '/api/crm/allotHouse': fail('该员工已离职') });
    await screen.findByText('链家静安寺店');
    await tap(screen.getByText('客户'));
    await tap(await screen.findByText('赵磊'));
    expect(await allotToFirstStaff(page, '该员工已离职')).toEqual({ kind: 'client', id: '71', staff_id: '8' });
  });

  it('says so when there are no channels, and shows a failed list with a retry', async () => {
    const page = await renderAllot({
      '/api/crm/getHouseChannelList': ok(pageOf([])),
      '/api/crm/getHouseList': fail('无权查看'),
    });
    expect(await screen.findByText('暂无渠道')).toBeTruthy();
    await tap(screen.getByText('客户'));
    await page.retryFailedList('无权查看', '/api/crm/getHouseList', ok(pageOf([aHouseClient()])));
    expect(await screen.findByText('赵磊')).toBeTruthy();
  });
});
