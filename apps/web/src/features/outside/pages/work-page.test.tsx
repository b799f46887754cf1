import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { network, ok, pageOf, renderPage, on } from '../../../test/page.ts';
import { aPartner, aReferral } from '../../../test/outside-data.ts';

describe('/outside/work', () => {
  it('lists referrals whose protection ends within 7 days', async () => {
    const page = await renderPage('/outside/work', {
      user: null,
      api: [on(E.getOutsideUser, ok(aPartner())), on(E.outsideClientList, ok(pageOf([aReferral()])))],
    });
    expect(await screen.findByRole('link', { name: /陈客户/ })).toBeTruthy();
    expect(page.api.lastCall(E.outsideClientList).query).toMatchObject({ expiring: '1', status: '1' });
  });

  it('says 暂无待办 when nothing is due and the account is approved', async () => {
    await renderPage('/outside/work', {
      user: null,
      api: [on(E.getOutsideUser, ok(aPartner())), on(E.outsideClientList, ok(pageOf([])))],
    });
    expect(await screen.findByText('暂无待办')).toBeTruthy();
  });

  it('shows the account status while not approved', async () => {
    await renderPage('/outside/work', {
      user: null,
      api: [on(E.getOutsideUser, ok(aPartner({ status: 0 }))), on(E.outsideClientList, ok(pageOf([])))],
    });
    expect(await screen.findByText('等待公司审核，通过后即可报备客户')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    const page = await renderPage('/outside/work', {
      user: null,
      api: [on(E.getOutsideUser, network.httpError(500)), on(E.outsideClientList, ok(pageOf([])))],
    });
    await page.retryFailedLoad(network.message, E.getOutsideUser, ok(aPartner()));
    expect(await screen.findByText('暂无待办')).toBeTruthy();
  });
});
