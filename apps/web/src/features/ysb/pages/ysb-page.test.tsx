import * as E from '@crm/domain/endpoints/outside';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fail, failField, ok, on } from '../../../test/fake-api.ts';
import { findFieldError, findToast, LEADER, pageOf, renderPage, renderPageWith, tap } from '../../../test/page.ts';
import { aPartnerRow } from '../../../test/outside-data.ts';

const row = () => screen.findByText('赵下级').then((node) => node.closest('.case-row') as HTMLElement);

/** The partners page with 赵下级 waiting for a decision, and `api` for what a test does next. */
const renderWithPartner = renderPageWith('/business/ysb', {
  api: [on(E.ysbUser, ok(pageOf([aPartnerRow()])))],
});

describe('/business/ysb', () => {
  it('lists my pending partners with phone, inviter and counts; a row opens their referrals', async () => {
    const page = await renderWithPartner();
    const item = await row();
    expect(item.textContent).toContain('137****0000');
    expect(item.textContent).toContain('邀请人：李伙伴');
    expect(item.textContent).toContain('保护中 1 · 已转 0 · 失效 0');
    expect(page.api.lastCall(E.ysbUser).fields).toMatchObject({ status: '0', scope: 'mine' });
    expect(screen.getByRole('link', { name: '合作伙伴报备的客户' }).getAttribute('href')).toBe('/business/ysblist');
    expect(
      within(item)
        .getByRole('link', { name: /赵下级/ })
        .getAttribute('href'),
    ).toBe(`/business/ysbdetail/8?name=${encodeURIComponent('赵下级')}`);
  });

  it('approves after confirming', async () => {
    const page = await renderWithPartner([on(E.ysbAudit, ok(aPartnerRow({ status: 1, status_label: '已通过' })))]);
    await tap(within(await row()).getByRole('button', { name: '通过' }));
    expect(await screen.findByText(/确定通过「赵下级」的注册吗/)).toBeTruthy();
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(await findToast('已通过')).toBeTruthy();
    expect(page.api.lastCall(E.ysbAudit).fields).toEqual({ id: '8', pass: '1', reason: '' });
  });

  it('declines only with a reason: the sheet stays open with its message until one is typed', async () => {
    const page = await renderWithPartner([on(E.ysbAudit, ok(aPartnerRow({ status: 2, status_label: '未通过' })))]);
    await tap(within(await row()).getByRole('button', { name: '不通过' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await screen.findByText('请填写不通过原因', { selector: '[role="alert"]' })).toBeTruthy();
    expect(page.api.callsTo(E.ysbAudit)).toHaveLength(0);
    const box = document.getElementById('decline-reason') as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: '资料不全' } });
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(await findToast('已设为不通过')).toBeTruthy();
    expect(page.api.lastCall(E.ysbAudit).fields).toEqual({ id: '8', pass: '0', reason: '资料不全' });
  });

  it("shows the server's refusal of a decline's reason under it, the sheet still open (issue 39)", async () => {
    await renderWithPartner([on(E.ysbAudit, failField('reason', '不通过原因不能少于 2 个字'))]);
    await tap(within(await row()).getByRole('button', { name: '不通过' }));
    fireEvent.change(await screen.findByPlaceholderText('请填写不通过原因'), { target: { value: '否' } });
    await tap(screen.getByRole('button', { name: '确定' }));
    expect((await findFieldError('不通过原因')).textContent).toBe('不通过原因不能少于 2 个字');
  });

  it('shows the refusal of an audit', async () => {
    await renderWithPartner([on(E.ysbAudit, fail('该合作伙伴已审核'))]);
    await tap(within(await row()).getByRole('button', { name: '通过' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await findToast('该合作伙伴已审核')).toBeTruthy();
  });

  it('switches tabs, and for a leader honours scope=team', async () => {
    const page = await renderPage('/business/ysb?scope=team', {
      user: LEADER,
      api: [on(E.ysbUser, ok(pageOf([])))],
    });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    expect(page.api.lastCall(E.ysbUser).fields).toMatchObject({ scope: 'team' });
    await tap(screen.getByText('全部'));
    await expect.poll(() => page.api.lastCall(E.ysbUser).fields.status).toBe('-1');
  });

  it('opens the invite sheet with the QR code and link', async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(() => Promise.resolve()) },
      configurable: true,
    });
    await renderPage('/business/ysb', {
      api: [
        on(E.ysbUser, ok(pageOf([]))),
        on(
          E.ysbQrcode,
          ok({
            invite_code: 'ABCD2345',
            link: 'https://x/outside/register?invite=ABCD2345&corp=1',
            png: 'data:image/png;base64,AA',
          }),
        ),
      ],
    });
    await tap(await screen.findByRole('button', { name: '邀请合作伙伴' }));
    expect((await screen.findByAltText('邀请二维码')).getAttribute('src')).toBe('data:image/png;base64,AA');
    expect(screen.getByText('ABCD2345')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '复制' }));
    expect(await findToast('已复制')).toBeTruthy();
  });

  it('shows a failed list with a retry', async () => {
    const page = await renderPage('/business/ysb', { api: [on(E.ysbUser, fail('无权查看'))] });
    await page.retryFailedList('无权查看', E.ysbUser, ok(pageOf([aPartnerRow()])));
    expect(await row()).toBeTruthy();
  });
});
