import * as E from '@crm/domain/endpoints/money';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, failField, network, ok, on } from '../../../test/fake-api.ts';
import { aMoneyList, aMoneyRecord, findFieldError, findToast, LEADER, renderPage, tap } from '../../../test/page.ts';

const openForm = async () => tap(await screen.findByRole('button', { name: '登记还款' }));

async function typeAmount(amount: string) {
  await openForm();
  fireEvent.change(await screen.findByPlaceholderText('例如 1280.50'), { target: { value: amount } });
}

describe('/business/money', () => {
  it("shows the case's repayments and the confirmed total", async () => {
    const page = await renderPage('/business/money?id=11', {
      api: [on(E.moneyList, ok(aMoneyList({ confirmed_fen: 50_000, list: [aMoneyRecord({ note: '首期' })] })))],
    });
    const card = await screen.findByRole('article', { name: '¥1,280.50' });
    expect(card.textContent).toContain('待确认');
    expect(card.textContent).toContain('现金');
    expect(card.textContent).toContain('登记人 王小明');
    expect(card.textContent).toContain('首期');
    expect(screen.getByText(/已确认还款 ¥500/)).toBeTruthy();
    expect(page.api.lastCall(E.moneyList).fields).toMatchObject({ id: '11' });
  });

  it('says so when nothing was repaid', async () => {
    await renderPage('/business/money?id=11', { api: [on(E.moneyList, ok(aMoneyList({ list: [] })))] });
    expect(await screen.findByText('暂无还款记录')).toBeTruthy();
  });

  it('asks for the case when the address has none, and calls nothing', async () => {
    const page = await renderPage('/business/money');
    expect(await screen.findByText('缺少案件编号，请从案件详情进入')).toBeTruthy();
    expect(page.api.calls).toHaveLength(0);
  });

  it('shows a failed list with a retry that asks again', async () => {
    const page = await renderPage('/business/money?id=11', { api: [on(E.moneyList, network.httpError(500))] });
    await page.retryFailedLoad(network.message, E.moneyList, ok(aMoneyList()));
    expect(await screen.findByRole('article', { name: '¥1,280.50' })).toBeTruthy();
  });

  it('records a cash repayment with the amount typed and a one-time key', async () => {
    const page = await renderPage('/business/money?id=11', {
      api: [on(E.moneyList, ok(aMoneyList({ list: [] }))), on(E.addMoney, ok(aMoneyRecord()))],
    });
    await typeAmount('1280.50');
    await tap(screen.getByText('现金'));
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('保存成功')).toBeTruthy();
    const { fields } = page.api.lastCall(E.addMoney);
    expect(fields).toMatchObject({ id: '11', amount: '1280.50', method: '3', card_no: '', imgs: '' });
    expect(fields.paid_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fields.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the form with the shared rules before sending, and keeps it when the server refuses', async () => {
    const page = await renderPage('/business/money?id=11', {
      api: [on(E.moneyList, ok(aMoneyList({ list: [] }))), on(E.addMoney, fail('该案件已结清'))],
    });
    await openForm();
    await tap(await screen.findByRole('button', { name: '提交' }));
    expect((await screen.findAllByText(/金额/)).length).toBeGreaterThan(0);
    expect(page.api.callsTo(E.addMoney)).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('例如 1280.50'), { target: { value: '300' } });
    await tap(screen.getByText('现金'));
    await tap(screen.getByRole('button', { name: '提交' }));
    await expect.poll(() => page.api.callsTo(E.addMoney).length).toBe(1);
    await expect.poll(() => document.querySelector('.money-field__error')?.textContent).toBe('该案件已结清');
    expect(screen.getByDisplayValue('300')).toBeTruthy();
  });

  it("shows the server's refusal of a field under that field (issue 39)", async () => {
    await renderPage('/business/money?id=11', {
      api: [
        on(E.moneyList, ok(aMoneyList({ list: [] }))),
        on(E.addMoney, failField('paid_on', '还款日期不能早于放款日期')),
      ],
    });
    await openForm();
    fireEvent.change(await screen.findByPlaceholderText('例如 1280.50'), { target: { value: '300' } });
    await tap(screen.getByText('现金'));
    await tap(screen.getByRole('button', { name: '提交' }));
    expect((await findFieldError('还款日期')).textContent).toBe('还款日期不能早于放款日期');
  });

  it('takes 99999999.99 and 12,800 whole, and says why a larger amount is refused', async () => {
    const page = await renderPage('/business/money?id=11', {
      api: [on(E.moneyList, ok(aMoneyList({ list: [] }))), on(E.addMoney, ok(aMoneyRecord()))],
    });
    await openForm();
    const amount = await screen.findByPlaceholderText<HTMLInputElement>('例如 1280.50');
    // The browser cuts what is typed at maxlength, silently: the largest amount must fit, with separators.
    expect(amount.maxLength).toBeGreaterThanOrEqual('99,999,999.99'.length);
    fireEvent.change(amount, { target: { value: '100000000' } });
    await tap(screen.getByText('现金'));
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findAllByText('金额不能超过 99,999,999.99 元')).not.toHaveLength(0);
    fireEvent.change(amount, { target: { value: '12,800' } });
    await tap(screen.getByRole('button', { name: '提交' }));
    await expect.poll(() => page.api.callsTo(E.addMoney).length).toBe(1);
    expect(page.api.lastCall(E.addMoney).fields).toMatchObject({ amount: '12,800' });
  });

  it('lets a leader confirm a repayment', async () => {
    const page = await renderPage('/business/money?id=11', {
      user: LEADER,
      api: [
        on(E.moneyList, ok(aMoneyList({ can_add: false, list: [aMoneyRecord({ can_confirm: true })] }))),
        on(E.moneyConfirm, ok(aMoneyRecord({ status: 'confirmed' }))),
      ],
    });
    expect(screen.queryByRole('button', { name: '登记还款' })).toBeNull();
    await tap(await screen.findByRole('button', { name: '确认还款' }));
    await screen.findByText('确认这笔 ¥1,280.50 的还款？确认后不能修改或删除。');
    await tap(screen.getByRole('button', { name: '确定' }));
    await expect.poll(() => page.api.callsTo(E.moneyConfirm).length).toBe(1);
    expect(page.api.lastCall(E.moneyConfirm).fields).toEqual({ id: '31' });
    expect(await findToast('已确认')).toBeTruthy();
  });
});

/** The draft is written a moment after typing stops (lib/form-draft.ts). */
const draftWritten = () => new Promise((resolve) => setTimeout(resolve, 450));
const amountValue = () => screen.queryByPlaceholderText<HTMLInputElement>('例如 1280.50')?.value;

describe('/business/money: the unsent repayment draft (decision 058)', () => {
  const EMPTY_LIST = [on(E.moneyList, ok(aMoneyList({ list: [] })))];

  /** Opens the form at `path` and finds it empty, after the moment a restored draft would have needed. */
  async function expectNoDraftAt(path: string) {
    await renderPage(path, { api: EMPTY_LIST });
    await openForm();
    await screen.findByPlaceholderText('例如 1280.50');
    await draftWritten();
    expect(amountValue()).toBe('');
  }

  /** Opens case 11 again, the server now taking the repayment, and finds the draft's `amount` in the form. */
  async function reopenWithDraft(amount: string) {
    const page = await renderPage('/business/money?id=11', {
      api: [...EMPTY_LIST, on(E.addMoney, ok(aMoneyRecord()))],
    });
    await openForm();
    await expect.poll(amountValue).toBe(amount);
    return page;
  }

  it('restores what was typed after the page is closed and opened again, and forgets it once sent', async () => {
    const first = await renderPage('/business/money?id=11', { api: EMPTY_LIST });
    await typeAmount('1280.50');
    fireEvent.change(screen.getByPlaceholderText('选填'), { target: { value: '十一月首期' } });
    await tap(screen.getByText('现金'));
    await draftWritten();
    first.unmount();

    const page = await reopenWithDraft('1280.50');
    expect(screen.getByDisplayValue('十一月首期')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('保存成功')).toBeTruthy();
    expect(page.api.lastCall(E.addMoney).fields).toMatchObject({ amount: '1280.50', method: '3' });
    await draftWritten();
    page.unmount();

    await expectNoDraftAt('/business/money?id=11');
  });

  it("keeps another case's draft apart", async () => {
    const first = await renderPage('/business/money?id=11', { api: EMPTY_LIST });
    await typeAmount('300');
    await draftWritten();
    first.unmount();

    await expectNoDraftAt('/business/money?id=12');
  });

  it('sends a repayment lost on a weak network again under its own key, with 重试 and after the window closed', async () => {
    const first = await renderPage('/business/money?id=11', {
      api: [...EMPTY_LIST, on(E.addMoney, network.offline())],
    });
    await typeAmount('500');
    await tap(screen.getByText('现金'));
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText(network.message)).toBeTruthy();
    await tap(screen.getByRole('button', { name: '重试' }));
    await expect.poll(() => first.api.callsTo(E.addMoney).length).toBe(2);
    const [key, again] = first.api.callsTo(E.addMoney).map((call) => call.fields.key);
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(again).toBe(key);
    await draftWritten();
    first.unmount();

    // The server had recorded it: the same key answers that record instead of recording a second.
    const page = await reopenWithDraft('500');
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('保存成功')).toBeTruthy();
    expect(page.api.lastCall(E.addMoney).fields).toMatchObject({ amount: '500', key });
  });
});
