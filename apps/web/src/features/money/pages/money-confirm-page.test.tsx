import * as E from '@crm/domain/endpoints/money';
import type { MoneyToConfirmItem } from '@crm/domain/api/money';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, LEADER, ok, on, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import { showsEmptyList, showsRefusal } from '../../../test/steps-list.ts';

/** The leader's list of repayments waiting to be confirmed. */
const openConfirm = renderPageWith('/business/moneyConfirm', { user: LEADER });

const anItem = (over: Partial<MoneyToConfirmItem> = {}): MoneyToConfirmItem => ({
  id: 501,
  client_id: 11,
  client_name: '陈美玲',
  amount_fen: 128_050,
  paid_on: '2026-11-20',
  recorded_by: '王小明',
  created_at: '2026-11-20T02:00:00.000Z',
  images: [],
  ...over,
});

describe('/business/moneyConfirm', () => {
  it("lists the team's repayments waiting for the leader and opens the case's repayments", async () => {
    const page = await openConfirm([on(E.moneyToConfirm, ok(pageOf([anItem()]))), on(E.moneyList, fail('加载中断'))]);
    expect(await screen.findByText('陈美玲')).toBeTruthy();
    expect(screen.getByText('¥1,280.50')).toBeTruthy();
    expect(screen.getByText('登记人 王小明')).toBeTruthy();
    await tap(screen.getByText('陈美玲'));
    await expect.poll(() => page.pathname()).toBe('/business/money');
  });

  it("shows the record's proof photo on the row and opens it full screen without leaving the list", async () => {
    const page = await openConfirm([
      on(
        E.moneyToConfirm,
        ok(pageOf([anItem({ images: [{ id: 7, url: '/common/img/7?v=full', thumb_url: '/common/img/7?v=thumb' }] })])),
      ),
    ]);
    const thumb = await screen.findByRole('button', { name: '查看第 1 张图片' });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe('/common/img/7?v=thumb');
    await tap(thumb);
    await expect
      .poll(() => [...document.querySelectorAll('.adm-image-viewer-content img')].map((i) => i.getAttribute('src')))
      .toContain('/common/img/7?v=full');
    expect(page.pathname()).toBe('/business/moneyConfirm');
  });

  it('says when nothing waits', async () => {
    await showsEmptyList(openConfirm, E.moneyToConfirm, '暂无待确认的还款');
  });

  it("shows the server's refusal", async () => {
    await showsRefusal(openConfirm, E.moneyToConfirm, '仅组长可以操作');
  });
});
