import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aFollowUp, aPendingDetail, fail, NETWORK_MESSAGE, offline, ok, renderPage } from '../../../test/page.ts';

describe('/business/pendingDetail/:id', () => {
  it('shows the case and its follow-up notes, with a link to add one', async () => {
    const page = await renderPage('/business/pendingDetail/11', {
      api: { '/api/crm/pendingDetail': ok(aPendingDetail([aFollowUp()])) },
    });
    expect(await screen.findByText('客户说下周补流水')).toBeTruthy();
    expect(screen.getByRole('link', { name: /陈美玲/ }).getAttribute('href')).toBe('/business/detail/11');
    expect(screen.getByRole('link', { name: '添加跟进' }).getAttribute('href')).toBe('/business/pendingAdd/11');
    expect(page.api.lastCall('/api/crm/pendingDetail').query).toMatchObject({ id: '11' });
  });

  it('says so when there are no notes yet', async () => {
    await renderPage('/business/pendingDetail/11', { api: { '/api/crm/pendingDetail': ok(aPendingDetail([])) } });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it.each([
    ['a refusal', fail('无权查看'), '无权查看'],
    ['no network', offline(), NETWORK_MESSAGE],
  ])('shows %s', async (_name, reply, message) => {
    await renderPage('/business/pendingDetail/11', { api: { '/api/crm/pendingDetail': reply } });
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offers a retry when the notes failed to load', async () => {
    const page = await renderPage('/business/pendingDetail/11', { api: { '/api/crm/pendingDetail': offline() } });
    await page.retryFailedLoad(NETWORK_MESSAGE, '/api/crm/pendingDetail', ok(aPendingDetail()));
    expect(await screen.findByText('客户说下周补流水')).toBeTruthy();
  });
});
