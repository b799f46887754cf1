import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, LEADER, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';

const ROW = {
  staff_id: 7,
  staff_name: '王小明',
  partners: 3,
  pending: 1,
  counts: { protected: 4, converted: 2, released: 1 },
};

describe('/team/ysb', () => {
  it("shows each member's partners and counts; a row opens the team's partners", async () => {
    const page = await renderPage('/team/ysb', {
      user: LEADER,
      api: [on(E.ysbTeam, ok([ROW])), on(E.ysbUser, ok(pageOf([])))],
    });
    expect(await screen.findByText('王小明')).toBeTruthy();
    expect(screen.getByText('合作伙伴 3 · 待审核 1')).toBeTruthy();
    expect(screen.getByText('保护中 4 · 已转 2 · 失效 1')).toBeTruthy();
    await tap(screen.getByText('王小明'));
    await expect.poll(page.pathname).toBe('/business/ysb');
    await expect.poll(() => page.api.callsTo(E.ysbUser).length).toBe(1);
    expect(page.api.lastCall(E.ysbUser).fields).toMatchObject({ scope: 'team' });
  });

  it('says so when the team has none', async () => {
    await renderPage('/team/ysb', { user: LEADER, api: [on(E.ysbTeam, ok([]))] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/team/ysb', { user: LEADER, api: [on(E.ysbTeam, fail('仅组长可查看'))] });
    await page.retryFailedLoad('仅组长可查看', E.ysbTeam, ok([ROW]));
    expect(await screen.findByText('王小明')).toBeTruthy();
  });
});
