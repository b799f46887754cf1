import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  confirmOpenPicker,
  fail,
  findToast,
  inputValue,
  ok,
  renderPageWith,
  tap,
  typeInto,
  on,
} from '../../../test/page.ts';
import { aProduct, aReferralDetail } from '../../../test/outside-data.ts';

const PRODUCTS = [on(E.outsideProduct, ok([aProduct()]))];
const renderAdd = renderPageWith('/outside/add', { user: null, api: PRODUCTS });
/** The form opened to correct referral 21. */
const renderCorrection = renderPageWith('/outside/add?id=21', { user: null, api: PRODUCTS });

async function fill() {
  await screen.findByRole('button', { name: '提交报备' });
  typeInto('referral-name', '陈客户');
  typeInto('referral-phone', '13912345678');
  typeInto('referral-id_number', '11010519491231002X');
  typeInto('referral-amount', '50000');
}

describe('/outside/add', () => {
  it('sends the referral with an idempotency key and opens its detail, saying until when it is protected', async () => {
    const page = await renderAdd([
      on(E.updateOutsideClient, ok({ id: 21, protected_until: '2026-12-20' })),
      on(E.outsideClientDetail, ok(aReferralDetail())),
      on(E.outsideChannelList, ok({ list: [], next_cursor: null })),
    ]);
    await fill();
    await tap(document.getElementById('referral-product_id') as HTMLElement);
    await confirmOpenPicker();
    await tap(screen.getByRole('button', { name: '提交报备' }));
    expect(await findToast('报备成功，保护至 2026-12-20')).toBeTruthy();
    await expect.poll(page.pathname).toBe('/outside/detail/21');
    const call = page.api.lastCall(E.updateOutsideClient);
    expect(call.method).toBe('POST');
    expect(call.fields).toMatchObject({
      name: '陈客户',
      phone: '13912345678',
      id_number: '11010519491231002X',
      amount: '50000',
      product_id: '3',
    });
    expect(call.fields).not.toHaveProperty('id');
    expect(call.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(await screen.findByText('2026-12-20')).toBeTruthy();
  });

  it('refuses bad input before sending', async () => {
    const page = await renderAdd();
    await screen.findByRole('button', { name: '提交报备' });
    typeInto('referral-phone', '123');
    await tap(screen.getByRole('button', { name: '提交报备' }));
    expect((await screen.findAllByRole('alert')).length).toBeGreaterThanOrEqual(3);
    expect(page.api.callsTo(E.updateOutsideClient)).toHaveLength(0);
  });

  it("shows the server's 该客户已被报备 and keeps what was typed", async () => {
    const page = await renderAdd([on(E.updateOutsideClient, fail('该客户已被报备'))]);
    await fill();
    await tap(screen.getByRole('button', { name: '提交报备' }));
    expect(await findToast('该客户已被报备')).toBeTruthy();
    expect(page.pathname()).toBe('/outside/add');
    expect(inputValue('referral-name')).toBe('陈客户');
  });

  it('?id= corrects a protected referral: prefilled, sent with its id', async () => {
    const page = await renderCorrection([
      on(E.outsideClientDetail, ok(aReferralDetail())),
      on(E.updateOutsideClient, ok({ id: 21, protected_until: '2026-12-20' })),
      on(E.outsideChannelList, ok({ list: [], next_cursor: null })),
    ]);
    await screen.findByRole('button', { name: '保存修改' });
    expect(inputValue('referral-amount')).toBe('50000');
    typeInto('referral-amount', '60000');
    expect(await page.sentFieldsMovingTo('保存修改', '/outside/detail/21', E.updateOutsideClient)).toMatchObject({
      id: '21',
      amount: '60000',
    });
  });
});
