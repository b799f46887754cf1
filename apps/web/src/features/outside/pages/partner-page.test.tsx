import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, findToast, ok, renderPage, tap, on } from '../../../test/page.ts';

const QR = {
  invite_code: 'ABCD2345',
  link: 'https://crm.example.com/outside/register?invite=ABCD2345&corp=1',
  png: 'data:image/png;base64,AAAA',
};

describe('/outside/partner', () => {
  it('shows the QR code, the invite code and the link, which 复制 copies', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const page = await renderPage('/outside/partner', { user: null, api: [on(E.ysbQrcode, ok(QR))] });
    expect((await screen.findByAltText('邀请二维码')).getAttribute('src')).toBe(QR.png);
    expect(screen.getByText('ABCD2345')).toBeTruthy();
    expect(screen.getByText(QR.link)).toBeTruthy();
    expect(page.api.lastCall(E.ysbQrcode).method).toBe('POST');
    await tap(screen.getByRole('button', { name: '复制' }));
    expect(await findToast('已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(QR.link);
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/outside/partner', {
      user: null,
      api: [on(E.ysbQrcode, fail('账号审核通过后才能邀请'))],
    });
    await page.retryFailedLoad('账号审核通过后才能邀请', E.ysbQrcode, ok(QR));
    expect(await screen.findByText('ABCD2345')).toBeTruthy();
  });
});
