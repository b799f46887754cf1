import * as E from '@crm/domain/endpoints/outside';
import * as ECases from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, on, renderPageWith, tap } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { showsConvertedReferral } from '../../../test/steps-referral.ts';
import { aReferralDetail } from '../../../test/outside-data.ts';

const renderReferral = renderPageWith('/business/houseYsb/21');

describe('/business/houseYsb/:id', () => {
  it('shows the referral; 转为报单 opens the case form for it', async () => {
    const page = await renderReferral([
      on(E.ysbOutsideClient, ok(aReferralDetail({ can_convert: true, can_edit: false }))),
      on(ECases.addClient, ok({ id: 1 })),
    ]);
    expect(await screen.findByText('2026-12-20')).toBeTruthy();
    expect(screen.getByRole('link', { name: '13912345678' }).getAttribute('href')).toBe('tel:13912345678');
    expect(screen.getByText('李伙伴')).toBeTruthy();
    expect(page.api.lastCall(E.ysbOutsideClient).fields).toEqual({ id: '21' });
    await tap(screen.getByRole('button', { name: '转为报单' }));
    await expect.poll(page.pathname).toBe('/business/add');
    expect(page.router.state.location.search).toBe('?referral=21');
  });

  it('匹配产品 opens the matching started from this referral (decision 068)', async () => {
    const page = await renderReferral([
      on(E.ysbOutsideClient, ok(aReferralDetail({ can_convert: true, can_edit: false }))),
    ]);
    await tap(await screen.findByRole('link', { name: '匹配产品' }));
    await expect.poll(page.pathname).toBe('/business/match');
    expect(page.router.state.location.search).toBe('?referral_id=21');
  });

  it('offers no 转为报单 when it may not be converted', async () => {
    await showsConvertedReferral(renderReferral, E.ysbOutsideClient, '转为报单');
    expect(screen.queryByRole('link', { name: '匹配产品' })).toBeNull();
  });

  it('shows a failure with a retry', async () => {
    await retriesFailedLoad(renderReferral, E.ysbOutsideClient, ok(aReferralDetail()), '2026-12-20');
  });
});
