import * as E from '@crm/domain/endpoints/house';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, on } from '../../../test/fake-api.ts';
import { aHouseDetail, decisionFields, findToast, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import { FINANCE } from '../test-kit.ts';

const anAudit = {
  id: 111,
  house_client_id: 71,
  client_name: '赵磊',
  loan_amount_fen: 100_000_000,
  rate_bp: 150,
  amount_fen: 1_500_000,
  requested_by: 7,
  requested_by_name: '王小明',
  status: 'pending' as const,
  created_at: '2026-11-04T00:00:00.000Z',
  events: [],
  receivers: [
    { id: 5, name: '李四', amount_fen: 1_000_000 },
    { id: 6, name: '周五', amount_fen: 500_000 },
  ],
};
const sheet = async () =>
  within((await screen.findByText('审批意见', { selector: 'label' })).closest('.adm-popup-body') as HTMLElement);

/** Opens the waiting audit's sheet, types `reason` when given, and taps the decision `button`. */
async function decide(button: '通过' | '驳回', reason?: string) {
  await tap(await screen.findByText('赵磊'));
  if (reason !== undefined) fireEvent.change(screen.getByLabelText('审批意见'), { target: { value: reason } });
  await tap((await sheet()).getByRole('button', { name: button }));
}

/** The audit page as the home-loan finance sees it: `anAudit` waiting, unless `api` answers otherwise. */
const renderAudits = renderPageWith('/business/financeAudit', {
  user: FINANCE,
  api: [on(E.getHouseAudit, ok(pageOf([anAudit])))],
});

describe('/business/financeAudit', () => {
  it('lists the over-limit brokerage waiting for a decision', async () => {
    const page = await renderAudits();
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(screen.getByText('¥15,000.00')).toBeTruthy();
    expect(screen.getByText(/申请人 王小明/)).toBeTruthy();
    expect(page.api.lastCall(E.getHouseAudit).fields).toMatchObject({ status: 'pending' });
  });

  it('names in the decision sheet the client, the amounts, the rate and whom the approval pays', async () => {
    await renderAudits();
    await tap(await screen.findByText('赵磊'));
    const s = await sheet();
    const row = (label: string) => s.getByText(label).closest('.adm-list-item')?.textContent;
    expect(row('客户')).toContain('赵磊');
    expect(row('贷款金额')).toContain('¥1,000,000.00');
    expect(row('返佣比例')).toContain('1.50%');
    expect(row('返佣金额')).toContain('¥15,000.00');
    expect(row('返佣人 1 李四')).toContain('¥10,000.00');
    expect(row('返佣人 2 周五')).toContain('¥5,000.00');
  });

  it('approves after confirmation', async () => {
    const page = await renderAudits([on(E.updateHouseAudit, ok({ id: 1 }))]);
    await decide('通过');
    expect(await page.confirmedFields('确定通过该超限返佣？', '已处理', E.updateHouseAudit)).toEqual(
      decisionFields('111', 'approve'),
    );
  });

  it('rejects with the reason typed, which stays when the server refuses', async () => {
    const page = await renderAudits([on(E.updateHouseAudit, fail('不能审批自己的申请'))]);
    await decide('驳回', '比例过高');
    expect(await findToast('不能审批自己的申请')).toBeTruthy();
    expect(page.api.lastCall(E.updateHouseAudit).fields).toEqual(decisionFields('111', 'reject', '比例过高'));
    expect(screen.getByDisplayValue('比例过高')).toBeTruthy();
  });

  it('opens the client of a decided audit', async () => {
    const page = await renderAudits([on(E.getHouseAudit, ok(pageOf([]))), on(E.getHouseDetail, ok(aHouseDetail()))]);
    expect(await screen.findByText('暂无审批')).toBeTruthy();
    page.api.set([on(E.getHouseAudit, ok(pageOf([{ ...anAudit, status: 'approved' as const }])))]);
    await tap(screen.getByText('已通过'));
    await expect.poll(() => page.api.lastCall(E.getHouseAudit).fields.status).toBe('approved');
    await tap(await screen.findByText('赵磊'));
    await expect.poll(page.pathname).toBe('/business/houseDetail/0/71');
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderAudits([on(E.getHouseAudit, fail('仅房贷财务可审批'))]);
    await page.retryFailedList('仅房贷财务可审批', E.getHouseAudit, ok(pageOf([anAudit])));
    expect(await screen.findByText('赵磊')).toBeTruthy();
  });
});
