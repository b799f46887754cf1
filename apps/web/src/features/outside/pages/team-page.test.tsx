import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, pageOf, renderPage, on } from '../../../test/page.ts';
import { aPartnerRow } from '../../../test/outside-data.ts';

describe('/outside/team', () => {
  it('lists my sub-partners with status and counts', async () => {
    await renderPage('/outside/team', {
      user: null,
      api: [on(E.getOutsideUserTeam, ok(pageOf([aPartnerRow()])))],
    });
    expect(await screen.findByText('赵下级')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.getByText('保护中 1 · 已转 0 · 失效 0')).toBeTruthy();
  });

  it('says so when there is nobody', async () => {
    await renderPage('/outside/team', { user: null, api: [on(E.getOutsideUserTeam, ok(pageOf([])))] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/outside/team', {
      user: null,
      api: [on(E.getOutsideUserTeam, fail('请先登录'))],
    });
    await page.retryFailedList('请先登录', E.getOutsideUserTeam, ok(pageOf([aPartnerRow()])));
    expect(await screen.findByText('赵下级')).toBeTruthy();
  });
});
