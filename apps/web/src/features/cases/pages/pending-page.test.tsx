import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aPendingItem, fail, ok, pageOf, renderPage, tap } from '../../../test/page.ts';

describe('/business/pending', () => {
  it('lists the follow-ups due now, each linking to its notes', async () => {
    const page = await renderPage('/business/pending', { api: { '/api/crm/pending': ok(pageOf([aPendingItem()])) } });
    const row = await screen.findByRole('link', { name: /陈美玲/ });
    expect(row.textContent).toContain('约了周五面签');
    expect(row.textContent).toContain('到期');
    expect(row.getAttribute('href')).toBe('/business/pendingDetail/11');
    expect(page.api.lastCall('/api/crm/pending').fields).toMatchObject({ due: '1' });
  });

  it('asks for every open follow-up on the 全部 tab', async () => {
    const page = await renderPage('/business/pending', { api: { '/api/crm/pending': ok(pageOf([])) } });
    await screen.findByText('暂无数据');
    await tap(screen.getByText('全部'));
    await expect.poll(() => page.api.lastCall('/api/crm/pending').fields.due).toBe('0');
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/business/pending', { api: { '/api/crm/pending': fail('服务繁忙') } });
    await page.retryFailedList('服务繁忙', '/api/crm/pending', ok(pageOf([aPendingItem()])));
    expect(await screen.findByRole('link', { name: /陈美玲/ })).toBeTruthy();
  });
});
