import * as E from '@crm/domain/endpoints/cases';
import * as EOutside from '@crm/domain/endpoints/outside';
import { screen, within } from '@testing-library/react';
import type { ProductMatchItem } from '@crm/domain/api/matching';
import { describe, expect, it } from 'vitest';
import { fail, loadFailureCases, ok, on } from '../../../test/fake-api.ts';
import {
  aCaseDetail,
  confirmOpenPicker,
  findToast,
  inputValue,
  REFERENCE_LISTS,
  renderPage,
  renderPageWith,
  tap,
  typeInto,
} from '../../../test/page.ts';
import { aReferralDetail } from '../../../test/outside-data.ts';

/** A matched product as productMatch answers it; override what the test is about. */
const aMatch = (over: Partial<ProductMatchItem> = {}): ProductMatchItem => ({
  product_id: 5,
  product_name: '薪易贷',
  bank_id: 2,
  bank_name: '招商银行',
  verdict: 'fail',
  score: 70,
  score_note: '通过 3 项，待确认 1 项（各计半分），不通过 1 项，共 5 项：70 分',
  rules: [
    { key: 'age', result: 'pass', text: '年龄 30 岁，要求 22 岁–55 岁' },
    { key: 'social_security', result: 'fail', text: '社保 6 个月，要求 ≥ 12 个月' },
    { key: 'queries_3m', result: 'unknown', text: '近 3 个月查询 未填写，要求 ≤ 4 次' },
  ],
  price: '月费率 0.50%',
  month_payment_fen: 1_060_000,
  all_in_cost: 14.74,
  fees: [{ kind: 'guarantee', mode: 'once', amount_fen: 240_000, payee: '担保公司' }],
  amount_fen: 12_000_000,
  term: 12,
  ...over,
});
const answer = (list: ProductMatchItem[], cap = 24) => ok({ all_in_cost_cap: cap, list });

const CITIES = ok([
  { id: 310000, name: '上海', parent_id: null },
  { id: 310100, name: '上海市', parent_id: 310000 },
]);
const openMatch = renderPageWith('/business/match', { api: [on(E.city, CITIES)] });

/** The loan (required: the amount typed, the picker's first term) and the profile facts the test is about. */
async function matchWith(fields: Record<string, string> = {}) {
  await screen.findByRole('button', { name: '开始匹配' });
  typeInto('match-amount', '120000');
  for (const [field, value] of Object.entries(fields)) typeInto(`match-${field}`, value);
  await tap(document.getElementById('match-term') as HTMLElement);
  await confirmOpenPicker();
}

describe('/business/match', () => {
  it('sends the typed profile and lists each product with its rules in words, score, payment and cost', async () => {
    const page = await openMatch([
      on(E.productMatch, answer([aMatch(), aMatch({ product_id: 6, product_name: '宽松贷', verdict: 'pass' })])),
    ]);
    await matchWith({ social_security_months: '6', age: '30' });
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText('共 2 个产品')).toBeTruthy();
    expect(page.api.lastCall(E.productMatch)).toMatchObject({
      method: 'POST',
      fields: { amount: '120000', age: '30', social_security_months: '6', term: expect.stringMatching(/^\d+$/) },
    });
    const card = screen.getByText('招商银行 · 薪易贷').closest('.match-card') as HTMLElement;
    expect(within(card).getByText('不符合')).toBeTruthy();
    expect(within(card).getByText('70 分')).toBeTruthy();
    expect(within(card).getByText('社保 6 个月，要求 ≥ 12 个月')).toBeTruthy();
    expect(within(card).getByLabelText('不通过')).toBeTruthy();
    expect(within(card).getByText(/通过 3 项，待确认 1 项/)).toBeTruthy();
    expect(within(card).getByText('¥10,600.00')).toBeTruthy();
    expect(within(card).getByText('14.74%')).toBeTruthy();
    expect(within(card).getByText('月费率 0.50%')).toBeTruthy();
  });

  it('refuses to match without the loan, in words, and sends nothing', async () => {
    const page = await openMatch([on(E.productMatch, answer([]))]);
    await screen.findByRole('button', { name: '开始匹配' });
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await findToast('请填写贷款金额')).toBeTruthy();
    expect(page.api.callsTo(E.productMatch)).toHaveLength(0);
  });

  it("warns of a cost above the company's line and above 36 %", async () => {
    await openMatch([
      on(
        E.productMatch,
        answer([aMatch({ all_in_cost: 26.5 }), aMatch({ product_id: 7, product_name: '高价贷', all_in_cost: 40.12 })]),
      ),
    ]);
    await matchWith();
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText('超过公司预警线 24%')).toBeTruthy();
    expect(screen.getByText('超过 36%，不能报单')).toBeTruthy();
  });

  it('opens 新增报单 with the product, its bank, the loan and its fees filled in', async () => {
    const page = await openMatch([on(E.productMatch, answer([aMatch()])), ...REFERENCE_LISTS]);
    await matchWith();
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    await tap(await screen.findByRole('button', { name: '用此产品报单' }));
    await expect.poll(page.pathname).toBe('/business/add');
    expect(await screen.findByText(/已按匹配结果填入产品「薪易贷」/)).toBeTruthy();
    expect(inputValue('case-amount')).toBe('120000');
    expect(inputValue('case-fees-amount-0')).toBe('2400');
    expect(inputValue('case-fees-payee-0')).toBe('担保公司');
  });

  it('starts from what the case says when opened from a case', async () => {
    const page = await renderPage('/business/match?client_id=11', {
      api: [
        on(E.city, CITIES),
        on(
          E.detail,
          ok(aCaseDetail({ birth_date: '1990-01-01', income_fen: 1_200_000, amount_fen: 8_000_000, term: 24 })),
        ),
        on(E.productMatch, answer([aMatch()])),
      ],
    });
    expect(await screen.findByText(/已带入报单「陈美玲」的资料/)).toBeTruthy();
    expect(inputValue('match-amount')).toBe('80000');
    expect(inputValue('match-income')).toBe('12000');
    expect(Number(inputValue('match-age'))).toBeGreaterThanOrEqual(35);
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText('共 1 个产品')).toBeTruthy();
    expect(page.api.lastCall(E.productMatch)).toMatchObject({ fields: { amount: '80000', term: '24' } });
  });

  it("starts from a partner's referral and 用此产品报单 converts that referral with the product", async () => {
    const referral = aReferralDetail({
      id: 21,
      id_number: '11010519491231002X',
      amount_fen: 9_000_000,
      can_convert: true,
    });
    const page = await renderPage('/business/match?referral_id=21', {
      api: [
        ...REFERENCE_LISTS,
        on(E.city, CITIES),
        on(EOutside.ysbOutsideClient, ok(referral)),
        on(EOutside.revealReferral, (call) =>
          ok({ value: call.fields.field === 'phone' ? '13912345678' : '11010519491231002X' }),
        ),
        on(E.productMatch, answer([aMatch()])),
      ],
    });
    expect(await screen.findByText(/已带入「陈客户」的报备/)).toBeTruthy();
    expect(page.api.lastCall(EOutside.ysbOutsideClient).fields).toEqual({ id: '21' });
    // Matching reveals nothing: the number shown to who may convert it gives the age.
    expect(page.api.callsTo(EOutside.revealReferral)).toHaveLength(0);
    expect(inputValue('match-amount')).toBe('90000');
    expect(Number(inputValue('match-age'))).toBeGreaterThanOrEqual(76);
    // A referral says no term: it is asked.
    await tap(document.getElementById('match-term') as HTMLElement);
    await confirmOpenPicker();
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText('共 1 个产品')).toBeTruthy();
    await tap(await screen.findByRole('button', { name: '用此产品报单' }));
    await expect.poll(page.pathname).toBe('/business/add');
    // The client from the referral, the loan and the product's fees from the match.
    expect(await screen.findByText('由合作伙伴报备转入')).toBeTruthy();
    expect(inputValue('case-name')).toBe('陈客户');
    expect(inputValue('case-amount')).toBe('120000');
    expect(inputValue('case-fees-payee-0')).toBe('担保公司');
  });

  it('says so when the company has no product', async () => {
    await openMatch([on(E.productMatch, answer([]))]);
    await matchWith();
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText('公司尚未配置产品，请联系后台管理员')).toBeTruthy();
  });

  it.each(loadFailureCases('请填写贷款金额和期限'))('shows %s', async (_name, reply, message) => {
    await openMatch([on(E.productMatch, reply)]);
    await matchWith();
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('shows a refused match', async () => {
    await openMatch([on(E.productMatch, fail('年龄须为 16–100 的整数'))]);
    await matchWith();
    await tap(screen.getByRole('button', { name: '开始匹配' }));
    expect(await screen.findByText('年龄须为 16–100 的整数')).toBeTruthy();
  });
});
