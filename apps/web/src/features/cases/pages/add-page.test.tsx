import * as E from '@crm/domain/endpoints/cases';
import * as EOutside from '@crm/domain/endpoints/outside';
import * as EOwnership from '@crm/domain/endpoints/ownership';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDraft } from '../../../lib/form-draft.ts';
import { aReferralDetail } from '../../../test/outside-data.ts';
import { fail, failField, network, ok, on } from '../../../test/fake-api.ts';
import {
  confirmOpenPicker,
  findFieldError,
  findToast,
  inputValue,
  REFERENCE_LISTS,
  renderPage,
  renderPageWith,
  tap,
  typeInto,
} from '../../../test/page.ts';

/** The new-case form, its reference lists loaded. */
const openForm = renderPageWith('/business/add', { api: REFERENCE_LISTS });
const submit = () => tap(screen.getByRole('button', { name: '提交' }));

/** The term comes from a bottom picker sheet; confirming it takes the first term offered. */
async function pickFirstTerm() {
  await tap(document.getElementById('case-term') as HTMLElement);
  await confirmOpenPicker();
}

async function fillRequired() {
  await screen.findByRole('button', { name: '提交' });
  typeInto('case-name', '陈美玲');
  typeInto('case-phone', '13912345678');
  typeInto('case-id_number', '11010519491231002X');
  typeInto('case-amount', '50000');
  await pickFirstTerm();
}

/** Every picker sheet gone (their closing animation over), so the next one found is the one opened next. */
const sheetsClosed = () => expect.poll(() => document.querySelector('.adm-mask')).toBeNull();

/** The picker sheet now open (its options drawn). */
async function waitForOpenSheet(): Promise<HTMLElement> {
  await confirmOpenPickerReady();
  return [...document.querySelectorAll('.adm-picker')].find((node) =>
    node.closest('.adm-popup-body:not([style*="display: none"])'),
  ) as HTMLElement;
}
const confirmOpenPickerReady = () =>
  expect
    .poll(() =>
      [...document.querySelectorAll('.adm-picker')].some(
        (node) =>
          node.closest('.adm-popup-body:not([style*="display: none"])') &&
          node.querySelectorAll('.adm-picker-view-column-item').length > 0,
      ),
    )
    .toBe(true);

/** Opens the form, fills what it requires and submits it while the server cannot be reached. */
async function submitOffline() {
  const page = await openForm([on(E.addClient, network.offline())]);
  await fillRequired();
  await submit();
  return page;
}

/** The server taking the case in as `id`; the detail page opened after is not under test here. */
const accepts = (id: number, msg = '报单提交成功') => [on(E.addClient, ok({ id }, msg)), on(E.detail, fail('稍后'))];

// Each test starts without the draft an earlier one left (decision 058).
afterEach(() => clearDraft('case-add'));

describe('/business/add: the unsent draft (decision 058)', () => {
  it('restores what was typed after the page is closed and opened again, and forgets it once sent', async () => {
    const first = await openForm();
    await screen.findByRole('button', { name: '提交' });
    typeInto('case-name', '周草稿');
    typeInto('case-phone', '13912345678');
    // The draft is written a moment after typing stops.
    await new Promise((resolve) => setTimeout(resolve, 450));
    first.unmount();

    const page = await openForm(accepts(43));
    await expect.poll(() => (document.getElementById('case-name') as HTMLInputElement | null)?.value).toBe('周草稿');
    expect(inputValue('case-phone')).toBe('13912345678');
    typeInto('case-id_number', '11010519491231002X');
    typeInto('case-amount', '50000');
    await pickFirstTerm();
    await submit();
    await expect.poll(page.pathname).toBe('/business/detail/43');
    page.unmount();

    await openForm();
    await screen.findByRole('button', { name: '提交' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(inputValue('case-name')).toBe('');
  });
});

describe('/business/add', () => {
  it("sends the new case to addClient and opens its detail with the server's message", async () => {
    const page = await openForm(accepts(42));
    await fillRequired();
    await submit();
    expect(await findToast('报单提交成功')).toBeTruthy();
    expect(page.api.lastCall(E.addClient)).toMatchObject({
      method: 'POST',
      fields: {
        name: '陈美玲',
        phone: '13912345678',
        id_number: '11010519491231002X',
        amount: '50000',
        term: expect.stringMatching(/^\d+$/),
      },
    });
    await expect.poll(page.pathname).toBe('/business/detail/42');
  });

  it('keeps the form and shows the refusal when the server says no', async () => {
    const page = await openForm([on(E.addClient, fail('该身份证号已有进行中的报单'))]);
    await fillRequired();
    await submit();
    expect(await findToast('该身份证号已有进行中的报单')).toBeTruthy();
    expect(page.pathname()).toBe('/business/add');
    expect(inputValue('case-name')).toBe('陈美玲');
  });

  it("shows the server's refusal of a field under that field, not only as a toast", async () => {
    await openForm([on(E.addClient, failField('term', '该产品不支持所选期限'))]);
    await fillRequired();
    await submit();
    expect((await findFieldError('贷款期限')).textContent).toBe('该产品不支持所选期限');
    expect(await findToast('该产品不支持所选期限')).toBeTruthy();
  });

  it('offers only the terms of the chosen product, and lets a term the product does not take go', async () => {
    const page = await openForm([
      on(E.bank, ok([{ id: 3, name: '招商银行' }])),
      on(E.product, ok([{ id: 8, name: '闪电贷', bank_id: 3, min_amount_fen: 0, max_amount_fen: 0, terms: [24, 36] }])),
    ]);
    await screen.findByRole('button', { name: '提交' });
    await pickFirstTerm();
    expect(document.getElementById('case-term')?.textContent).toContain('6 期');
    await sheetsClosed();
    await tap(document.getElementById('case-bank_id') as HTMLElement);
    await confirmOpenPicker();
    await expect.poll(() => document.getElementById('case-bank_id')?.textContent).toContain('招商银行');
    await sheetsClosed();
    // The bank's products arrive once it is chosen.
    await expect.poll(() => page.api.callsTo(E.product).length).toBeGreaterThan(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await tap(document.getElementById('case-product_id') as HTMLElement);
    await confirmOpenPicker();
    expect(document.getElementById('case-product_id')?.textContent).toContain('闪电贷');
    await sheetsClosed();
    // 6 期 is not one of the product's: it is cleared rather than refused after 提交.
    await expect.poll(() => document.getElementById('case-term')?.textContent).not.toContain('6 期');
    await tap(document.getElementById('case-term') as HTMLElement);
    const sheet = await waitForOpenSheet();
    expect([...sheet.querySelectorAll('.adm-picker-view-column-item')].map((item) => item.textContent)).toEqual([
      '24 期',
      '36 期',
    ]);
    await confirmOpenPicker();
  });

  it('sends nothing while required fields are empty', async () => {
    const page = await openForm();
    await tap(await screen.findByRole('button', { name: '提交' }));
    expect(await screen.findAllByRole('alert')).not.toHaveLength(0);
    expect(page.api.callsTo(E.addClient)).toHaveLength(0);
  });

  it('offline: says so with a 重试 that sends the same case with the same key, making one case once online', async () => {
    const page = await submitOffline();
    const block = (await screen.findByText(network.message)).closest('[role="alert"]') as HTMLElement;
    expect(block).not.toBeNull();
    // What was typed stays.
    expect(inputValue('case-name')).toBe('陈美玲');
    page.api.set(accepts(43, '报单已提交'));
    await tap(within(block).getByRole('button', { name: '重试' }));
    expect(await findToast('报单已提交')).toBeTruthy();
    await expect.poll(page.pathname).toBe('/business/detail/43');
    const [first, retry] = page.api.callsTo(E.addClient);
    expect(first?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
    expect(retry?.fields).toEqual(first?.fields);
    expect(page.api.callsTo(E.addClient)).toHaveLength(2);
  });

  it('a refusal after a retry is a toast, and the next submit of the same fill keeps its key', async () => {
    const page = await submitOffline();
    page.api.set([on(E.addClient, fail('该身份证号已有进行中的报单'))]);
    await tap(await screen.findByRole('button', { name: '重试' }));
    expect(await findToast('该身份证号已有进行中的报单')).toBeTruthy();
    await expect.poll(() => screen.queryByText(network.message)).toBeNull();
    await submit();
    await expect.poll(() => page.api.callsTo(E.addClient).length).toBe(3);
    const keys = new Set(page.api.callsTo(E.addClient).map((call) => call.headers['idempotency-key']));
    expect(keys.size).toBe(1);
  });

  it('a draft restored after its submit was lost goes again under that key; a 422 for edited content gives a new key', async () => {
    const first = await submitOffline();
    await screen.findByText(network.message);
    const key = first.api.lastCall(E.addClient).headers['idempotency-key'];
    await new Promise((resolve) => setTimeout(resolve, 450));
    first.unmount();

    // The window closed; the first submit had reached the server. The restored draft, edited, goes under the
    // same key (the server refuses other content with 422), and the next 提交 is a new record under a new key.
    const page = await openForm([on(E.addClient, fail('该请求标识已用于其他内容，请刷新页面后重新提交', 422))]);
    await expect.poll(() => (document.getElementById('case-name') as HTMLInputElement | null)?.value).toBe('陈美玲');
    typeInto('case-name', '陈美琳');
    await submit();
    expect(await findToast('该请求标识已用于其他内容，请刷新页面后重新提交')).toBeTruthy();
    page.api.set(accepts(44, '报单已提交'));
    await submit();
    await expect.poll(page.pathname).toBe('/business/detail/44');
    const [again, fresh] = page.api.callsTo(E.addClient).map((call) => call.headers['idempotency-key']);
    expect(again).toBe(key);
    expect(fresh).not.toBe(key);
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it("?referral= starts from the partner's referral and sends its id with the case", async () => {
    const page = await renderPage('/business/add?referral=21', {
      api: [
        ...REFERENCE_LISTS,
        on(
          EOutside.ysbOutsideClient,
          ok(
            aReferralDetail({
              phone: '139****5678',
              id_number: '110105********002X',
              product_name: '',
              product_id: null,
              remarks: '',
              can_edit: false,
              can_convert: true,
            }),
          ),
        ),
        on(EOutside.revealReferral, (call) =>
          ok({ value: call.fields.field === 'phone' ? '13912345678' : '11010519491231002X' }),
        ),
        ...accepts(44),
      ],
    });
    expect(await screen.findByText('由合作伙伴报备转入')).toBeTruthy();
    expect(page.api.lastCall(EOutside.ysbOutsideClient).fields).toEqual({ id: '21' });
    expect(page.api.callsTo(EOutside.revealReferral).map((c) => c.fields.field)).toEqual(['phone', 'id_number']);
    expect(inputValue('case-name')).toBe('陈客户');
    expect(inputValue('case-phone')).toBe('13912345678');
    expect(inputValue('case-id_number')).toBe('11010519491231002X');
    expect(inputValue('case-amount')).toBe('50000');
    await pickFirstTerm();
    const sent = await page.sentFields('提交', '报单提交成功', E.addClient, {
      movesTo: '/business/detail/44',
    });
    expect(sent).toMatchObject({ name: '陈客户', id_number: '11010519491231002X' });
    expect(sent.outside_client_id).toBe('21');
  });

  it('without ?referral= sends no outside_client_id and shows no notice', async () => {
    const page = await openForm(accepts(42));
    await fillRequired();
    expect(screen.queryByText('由合作伙伴报备转入')).toBeNull();
    await submit();
    expect(await findToast('报单提交成功')).toBeTruthy();
    expect(page.api.lastCall(E.addClient).fields).not.toHaveProperty('outside_client_id');
    expect(page.api.callsTo(EOutside.ysbOutsideClient)).toHaveLength(0);
  });
});

describe('/business/add: the fees and the all-in cost (decision 068)', () => {
  it('sends the fees as a JSON array and shows the cost as they are typed', async () => {
    const page = await openForm(accepts(44));
    await fillRequired();
    await tap(screen.getByRole('button', { name: '添加费用' }));
    typeInto('case-fees-amount-0', '1000');
    typeInto('case-fees-payee-0', '本公司');
    // No product price: 1,000 taken from the loan up front is the whole cost.
    expect(await screen.findByText(/综合年化成本约 \d+\.\d{2}%/)).toBeTruthy();
    await submit();
    await expect.poll(page.pathname).toBe('/business/detail/44');
    const sent = page.api.lastCall(E.addClient).fields as Record<string, string>;
    expect(JSON.parse(sent.fees ?? '')).toEqual([
      { kind: 'service', mode: 'once', amount_fen: 100_000, payee: '本公司' },
    ]);
  });

  it('refuses a fee without its payee before sending, and says above 36 % the case cannot go', async () => {
    const page = await openForm(accepts(45));
    await fillRequired();
    await tap(screen.getByRole('button', { name: '添加费用' }));
    typeInto('case-fees-amount-0', '40000');
    expect(await screen.findByText(/超过 36%，不能提交报单/)).toBeTruthy();
    await submit();
    expect(await findToast('请填写收款方')).toBeTruthy();
    expect(page.api.callsTo(E.addClient)).toHaveLength(0);
  });

  it("shows the server's refusal above 36 % in its words and stays on the form", async () => {
    const refusal = '综合年化成本 40.12%，超过 36%，不能提交报单，请调整费用或产品';
    const page = await openForm([on(E.addClient, failField('fees', refusal))]);
    await fillRequired();
    await tap(screen.getByRole('button', { name: '添加费用' }));
    typeInto('case-fees-amount-0', '40000');
    typeInto('case-fees-payee-0', '本公司');
    await submit();
    expect(await findToast(refusal)).toBeTruthy();
    expect(page.api.callsTo(E.addClient)).toHaveLength(1);
    expect(page.pathname()).toBe('/business/add');
  });

  it("warns as it is typed once the cost passes the company's line, below the 36 % refusal", async () => {
    const page = await openForm([...accepts(46), on(E.allInCostCap, ok({ all_in_cost_cap: 24 }))]);
    await fillRequired();
    await tap(screen.getByRole('button', { name: '添加费用' }));
    typeInto('case-fees-payee-0', '本公司');
    // 1,000 up front on 50,000 over six months: about 7 %, under the line.
    typeInto('case-fees-amount-0', '1000');
    expect(await screen.findByText(/综合年化成本约 \d+\.\d{2}%/)).toBeTruthy();
    expect(screen.queryByText(/超过公司预警线/)).toBeNull();
    // 4,000: between 24 % and 36 %, a warning, and the case may still go.
    typeInto('case-fees-amount-0', '4000');
    expect(await screen.findByText(/超过公司预警线 24%，请向客户说明全部费用/)).toBeTruthy();
    expect(screen.queryByText(/超过 36%/)).toBeNull();
    await submit();
    await expect.poll(page.pathname).toBe('/business/detail/46');
  });

  it('starts from a matched product with its fees', async () => {
    const fees = JSON.stringify([{ kind: 'guarantee', mode: 'once', amount_fen: 240_000, payee: '担保公司' }]);
    await renderPage(`/business/add?product_id=5&bank_id=2&amount=120000&term=12&product_name=薪易贷&fees=${fees}`, {
      api: REFERENCE_LISTS,
    });
    expect(await screen.findByText(/已按匹配结果填入产品「薪易贷」/)).toBeTruthy();
    expect(inputValue('case-amount')).toBe('120000');
    expect(inputValue('case-fees-amount-0')).toBe('2400');
  });
});

describe('the duplicate check before intake (decision 066)', () => {
  it('says whose customer a typed phone is, before the rest of the form is filled', async () => {
    const page = await openForm([
      on(
        EOwnership.duplicateCheck,
        ok({
          list: [],
          message: '该客户已由 李** 跟进（保护至12月20日）',
          remaining: 199,
        }),
      ),
    ]);
    await screen.findByRole('button', { name: '提交' });
    typeInto('case-phone', '13612340007');
    expect((await screen.findByRole('alert')).textContent).toBe('该客户已由 李** 跟进（保护至12月20日）');
    expect(page.api.lastCall(EOwnership.duplicateCheck).fields).toMatchObject({ phone: '13612340007' });
  });

  it('asks nothing for a partial number and shows nothing for a free customer', async () => {
    const page = await openForm([on(EOwnership.duplicateCheck, ok({ list: [], message: '', remaining: 5 }))]);
    await screen.findByRole('button', { name: '提交' });
    typeInto('case-phone', '1361234');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(page.api.callsTo(EOwnership.duplicateCheck)).toHaveLength(0);
    typeInto('case-phone', '13612349999');
    await expect.poll(() => page.api.callsTo(EOwnership.duplicateCheck).length).toBe(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
