import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirmOpenPicker, findToast, ok, renderPageWith, tap, on } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { showsConvertedReferral } from '../../../test/steps-referral.ts';
import { aReferralDetail } from '../../../test/outside-data.ts';

const CHANNELS = [
  on(
    E.outsideChannelList,
    ok({
      list: [{ id: 4, name: '中介甲', contact: '', phone: '', referrals: 2, created_at: '2026-11-01' }],
      next_cursor: null,
    }),
  ),
];

const renderDetail = renderPageWith('/outside/detail/21', { user: null, api: CHANNELS });

describe('/outside/detail/:id', () => {
  it('shows the referral with its protection, a tel: phone and 修改', async () => {
    const page = await renderDetail([on(E.outsideClientDetail, ok(aReferralDetail()))]);
    expect(await screen.findByText('2026-12-20')).toBeTruthy();
    expect(screen.getByRole('link', { name: '13912345678' }).getAttribute('href')).toBe('tel:13912345678');
    expect(screen.getByText('11010519491231002X')).toBeTruthy();
    expect(page.api.lastCall(E.outsideClientDetail).query).toEqual({ id: '21' });
    await tap(screen.getByRole('button', { name: '修改' }));
    await expect.poll(() => page.router.state.location.search).toBe('?id=21');
  });

  it("once converted, shows the case's status and no 修改", async () => {
    await showsConvertedReferral(renderDetail, E.outsideClientDetail, '修改');
  });

  it('files it under a channel', async () => {
    const page = await renderDetail([
      on(E.outsideClientDetail, ok(aReferralDetail())),
      on(E.outsideAddChannel, ok(null)),
    ]);
    await screen.findByText('2026-12-20');
    await tap(await screen.findByRole('button', { name: '渠道' }));
    await confirmOpenPicker();
    expect(await findToast('渠道已更新')).toBeTruthy();
    expect(page.api.lastCall(E.outsideAddChannel).fields).toEqual({ client_id: '21', channel_id: '4' });
  });

  it('shows a failure with a retry', async () => {
    await retriesFailedLoad(renderDetail, E.outsideClientDetail, ok(aReferralDetail()), '2026-12-20');
  });
});
