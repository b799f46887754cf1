import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';
import { aReferral } from '../../../test/outside-data.ts';

describe('/business/ysblist', () => {
  it("lists my partners' referrals; a row opens it", async () => {
    const page = await renderPage('/business/ysblist', { api: [on(E.ysbClient, ok(pageOf([aReferral()])))] });
    const link = await screen.findByRole('link', { name: /陈客户/ });
    expect(link.getAttribute('href')).toBe('/business/houseYsb/21');
    expect(link.textContent).toContain('李伙伴');
    expect(page.api.lastCall(E.ysbClient).fields).toMatchObject({ status: '0' });
    expect(page.api.lastCall(E.ysbClient).fields).not.toHaveProperty('partner_id');
    await tap(screen.getByText('已失效'));
    await expect.poll(() => page.api.lastCall(E.ysbClient).fields.status).toBe('3');
  });

  it('says so when empty, and retries a failure', async () => {
    const page = await renderPage('/business/ysblist', { api: [on(E.ysbClient, fail('无权查看'))] });
    await page.retryFailedList('无权查看', E.ysbClient, ok(pageOf([])));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});

describe('/business/ysbdetail/:userid', () => {
  it("lists one partner's referrals under their name", async () => {
    const page = await renderPage(`/business/ysbdetail/8?name=${encodeURIComponent('赵下级')}`, {
      api: [on(E.ysbClient, ok(pageOf([aReferral()])))],
    });
    expect(await screen.findByText('赵下级 报备的客户')).toBeTruthy();
    expect((await screen.findByRole('link', { name: /陈客户/ })).getAttribute('href')).toBe('/business/houseYsb/21');
    expect(page.api.lastCall(E.ysbClient).fields).toMatchObject({ partner_id: '8' });
  });

  it('says so when the partner has none', async () => {
    await renderPage('/business/ysbdetail/8', { api: [on(E.ysbClient, ok(pageOf([])))] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
