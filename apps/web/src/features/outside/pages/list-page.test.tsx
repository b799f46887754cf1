import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, pageOf, renderPageWith, tap, on } from '../../../test/page.ts';
import { aPartner, aReferral } from '../../../test/outside-data.ts';

const renderList = renderPageWith('/outside/list', {
  user: null,
  api: [on(E.outsideClientList, ok(pageOf([])))],
});

describe('/outside/list', () => {
  it('lists my referrals, each opening its detail', async () => {
    const page = await renderList([on(E.outsideClientList, ok(pageOf([aReferral()])))]);
    const row = await screen.findByRole('link', { name: /陈客户/ });
    expect(row.getAttribute('href')).toBe('/outside/detail/21');
    expect(row.textContent).toContain('保护至 2026-12-20');
    expect(page.api.lastCall(E.outsideClientList).query).toMatchObject({ status: '0', scope: 'mine' });
  });

  it('filters by status and by my team', async () => {
    const page = await renderList();
    await screen.findByText('暂无数据');
    await tap(screen.getByText('已转报单'));
    await expect.poll(() => page.api.lastCall(E.outsideClientList).query.status).toBe('2');
    await tap(screen.getByText('团队'));
    await expect.poll(() => page.api.lastCall(E.outsideClientList).query.scope).toBe('team');
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderList([on(E.outsideClientList, fail('请先登录'))]);
    await page.retryFailedList('请先登录', E.outsideClientList, ok(pageOf([aReferral({ name: '李雷' })])));
    expect(await screen.findByRole('link', { name: /李雷/ })).toBeTruthy();
  });

  it("opened directly, the header's back arrow goes to the partner's home, not the staff one", async () => {
    const page = await renderList([on(E.getOutsideUser, ok(aPartner()))]);
    await screen.findByText('暂无数据');
    await tap(screen.getByRole('button', { name: '返回' }));
    await expect.poll(page.pathname).toBe('/outside/index');
  });
});
