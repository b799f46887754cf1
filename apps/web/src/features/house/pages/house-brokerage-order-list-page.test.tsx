import * as E from '@crm/domain/endpoints/house';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findToast, type Answers, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';
import { confirmedAfterTapping, FINANCE } from '../test-kit.ts';

const anOrder = {
  id: 101,
  house_client_id: 71,
  client_name: '赵磊',
  brokerage_user_id: 95,
  brokerage_user_name: '吴刚',
  bank_name: '招商银行',
  bank_card: '************1234',
  amount_fen: 300_000,
  rate_bp: 30,
  status: 1,
  remark: '',
  pay_ref: '',
  created_at: '2026-11-04T00:00:00.000Z',
};
const summary = (canUpdate: boolean) =>
  ok({ counts: [{ status: 1, count: 1, amount_fen: 300_000 }], can_update: canUpdate });

/** The waiting orders as finance, who may pay and cancel them, with the calls `more` answers. */
const openAsFinance = (more: Answers) =>
  renderPage('/business/houseBrokerageOrderList/1', {
    user: FINANCE,
    api: [on(E.houseBrokerageOrder, summary(true)), on(E.houseBrokerageOrderList, ok(pageOf([anOrder]))), ...more],
  });

describe('/business/houseBrokerageOrderList/:param', () => {
  it('lists the orders of the status asked, without actions for who may not pay', async () => {
    const page = await renderPage('/business/houseBrokerageOrderList/1', {
      user: { id: 12, job: [6], leader: false, name: '返佣专员' },
      api: [on(E.houseBrokerageOrder, summary(false)), on(E.houseBrokerageOrderList, ok(pageOf([anOrder])))],
    });
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(screen.getByText('¥3,000.00 · 待打款')).toBeTruthy();
    expect(page.api.lastCall(E.houseBrokerageOrderList).fields).toMatchObject({ status: '1' });
    expect(screen.queryByRole('button', { name: '确认打款' })).toBeNull();
    expect(screen.queryByRole('button', { name: '查看完整卡号' })).toBeNull();
  });

  it("shows finance the payee's full card on a tap while paying, and nobody else a 查看", async () => {
    const page = await openAsFinance([on(E.revealBrokerageCard, ok({ value: '6214830012341234' }))]);
    expect(await screen.findByText(/\*{12}1234/)).toBeTruthy();
    await tap(screen.getByRole('button', { name: '查看完整卡号' }));
    expect(await screen.findByText('6214830012341234')).toBeTruthy();
    expect(page.api.lastCall(E.revealBrokerageCard).fields).toEqual({ id: '101' });
  });

  it('marks an order paid with its transfer reference', async () => {
    const page = await openAsFinance([
      on(E.updateHouseBrokerageOrder, ok({ id: 1 })),
      on(E.updateHouseBrokerageStatus, ok({ id: 1 })),
    ]);
    fireEvent.change(await screen.findByLabelText('打款流水号'), { target: { value: 'TX20261104' } });
    expect(
      await confirmedAfterTapping(page, '确认打款', '确认该返佣单已打款？', '保存成功', E.updateHouseBrokerageOrder),
    ).toEqual({
      id: '101',
      remark: '',
      pay_ref: 'TX20261104',
    });
    expect(page.api.lastCall(E.updateHouseBrokerageStatus).fields).toEqual({ id: '101', status: '2' });
  });

  it('cancels an order and shows a refusal', async () => {
    const page = await openAsFinance([on(E.updateHouseBrokerageStatus, fail('该返佣单已打款'))]);
    await tap(await screen.findByRole('button', { name: '作废' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await findToast('该返佣单已打款')).toBeTruthy();
    expect(page.api.lastCall(E.updateHouseBrokerageStatus).fields).toEqual({ id: '101', status: '3' });
    expect(page.api.callsTo(E.updateHouseBrokerageOrder)).toHaveLength(0);
  });

  it('says so when there are no orders, and shows a refusal with a retry', async () => {
    const page = await renderPage('/business/houseBrokerageOrderList/2', {
      user: FINANCE,
      api: [on(E.houseBrokerageOrder, summary(true)), on(E.houseBrokerageOrderList, fail('无权查看'))],
    });
    await page.retryFailedList('无权查看', E.houseBrokerageOrderList, ok(pageOf([])));
    expect(await screen.findByText('暂无返佣单')).toBeTruthy();
  });
});
