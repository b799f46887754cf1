import * as E from '@crm/domain/endpoints/admin';
import * as C from '@crm/domain/endpoints/cases';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectValues, fill, openAdmin, rowOf, sentJson } from '../test-kit.ts';
import { NO_RULES } from '@crm/domain/matching';
import { aProduct, aRef, page } from '../../../test/admin-data.ts';
import { answersOf, fail, network, ok, on, tap, type Answer, type AnswersOf } from '../../../test/page.ts';
import { showsEmptyList } from '../../../test/steps-list.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';

/** Every province and city, as GET /api/crm/city answers. */
const CITIES = [
  { id: 310000, name: '上海市', parent_id: null },
  { id: 310100, name: '上海市辖区', parent_id: 310000 },
  { id: 330000, name: '浙江省', parent_id: null },
  { id: 330100, name: '杭州市', parent_id: 330000 },
  { id: 330200, name: '宁波市', parent_id: 330000 },
];
/** The products page's calls: the admin endpoints and the city list, by their contract names. */
const PRODUCT_CALLS = { ...E, city: C.city };
const open = (api: AnswersOf<typeof PRODUCT_CALLS> | readonly Answer[] = {}) =>
  openAdmin('/admin/products', [
    ...answersOf(PRODUCT_CALLS, { refsList: page([aRef(), aRef({ id: 2, name: '上海银行' })]), city: ok(CITIES) }),
    ...(isAnswerList(api) ? api : answersOf(PRODUCT_CALLS, api)),
  ]);
const isAnswerList = (api: AnswersOf<typeof PRODUCT_CALLS> | readonly Answer[]): api is readonly Answer[] =>
  Array.isArray(api);

type Scope = Pick<typeof screen, 'getByLabelText' | 'getByRole'>;
/** Ticks cities by name in the sheet the 城市 field opens, then closes it. */
async function pickCities(form: Scope, names: string[]) {
  await tap(form.getByLabelText('城市'));
  const sheet = within(await screen.findByRole('dialog', { name: '选择城市' }));
  for (const name of names) await tap(await sheet.findByText(name));
  await tap(sheet.getByRole('button', { name: '完成' }));
}
/** Taps tiles by name in the picker group its label names (单位性质, 贷款用途). */
async function pickTiles(form: Scope, group: string, names: string[]) {
  const tiles = within(form.getByRole('group', { name: group }));
  for (const name of names) await tap(tiles.getByRole('option', { name }));
}

describe('/admin/products', () => {
  it('lists the products with bank, amounts in yuan, terms and price', async () => {
    await open({
      productsList: page([
        aProduct(),
        aProduct({ id: 5, name: '房抵贷', fee_type: null, rate_ppm: null, bank_name: '' }),
      ]),
    });
    const row = await rowOf('闪电贷');
    expect(row.getByText('招商银行')).toBeTruthy();
    expect(row.getByText('10000')).toBeTruthy();
    expect(row.getByText('300000')).toBeTruthy();
    expect(row.getByText('12, 24')).toBeTruthy();
    expect(row.getByText('月手续费')).toBeTruthy();
    const unpriced = within(screen.getByText('房抵贷').closest('tr') as HTMLElement);
    expect(unpriced.getByText('未定价')).toBeTruthy();
    expect(unpriced.getByText('不限银行')).toBeTruthy();
  });

  it('says so when there is no product', async () => {
    await showsEmptyList(open, E.productsList, '还没有产品');
  });

  it('shows a failed load with a retry', async () => {
    await retriesFailedLoad(open, E.productsList, page([aProduct()]), '闪电贷');
  });

  it('adds a product with amounts sent in fen and terms sorted, refusing a minimum above the maximum first', async () => {
    const view = await open({
      productsList: page([]),
      productsAdd: ok(aProduct(), '已添加'),
    });
    const form = within(await screen.findByRole('region', { name: '添加产品' }));
    await form.findByRole('option', { name: '上海银行' });
    fill(form, { 银行: '2', 产品名称: '经营贷', '最低金额（元）': '500000', '最高金额（元）': '100000' });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('最低金额不能高于最高金额')).toBeTruthy();
    expect(view.api.callsTo(E.productsAdd)).toHaveLength(0);
    fill(form, {
      '最高金额（元）': '3000000.5',
      '期限（月，逗号分隔）': '36, 12，24',
      收费方式: '3',
      '费率（百万分之一）': '45000',
    });
    expect(await sentJson(view, form, '添加', '已添加', E.productsAdd)).toEqual({
      bank_id: 2,
      name: '经营贷',
      min_amount_fen: 50_000_000,
      max_amount_fen: 300_000_050,
      terms_months: [12, 24, 36],
      fee_type: 3,
      rate_ppm: 45000,
      repayment_method: null,
      rules: {
        age_min: null,
        age_max: null,
        city_ids: [],
        income_min_fen: null,
        social_security_months_min: null,
        housing_fund_months_min: null,
        employer_types: [],
        queries_3m_max: null,
        queries_6m_max: null,
        debt_ratio_max: null,
        purposes: [],
      },
      fees: [],
      is_active: true,
    });
  });

  it('keeps admission rules and fees (decision 068): bounds typed, cities, employer types and purposes picked by name, sent as codes', async () => {
    const view = await open({
      productsList: page([]),
      productsAdd: ok(aProduct(), '已添加'),
    });
    const form = within(await screen.findByRole('region', { name: '添加产品' }));
    await form.findByRole('option', { name: '上海银行' });
    fill(form, {
      产品名称: '白领贷',
      '最低金额（元）': '10000',
      '最高金额（元）': '300000',
      最低年龄: '50',
      最高年龄: '30',
    });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('最低年龄不能高于最高年龄')).toBeTruthy();
    expect(view.api.callsTo(E.productsAdd)).toHaveLength(0);
    fill(form, {
      最低年龄: '22',
      最高年龄: '55',
      '最低月收入（元）': '8000',
      最少社保月数: '12',
      '近 3 个月最多查询次数': '4',
      '最高负债率（%）': '60',
    });
    expect(form.getByLabelText('城市').textContent).toBe('不限');
    await pickCities(form, ['杭州市', '上海市辖区', '宁波市']);
    // A second tick takes a city out again.
    await pickCities(form, ['宁波市']);
    expect(form.getByLabelText('城市').textContent).toBe('杭州市、上海市辖区');
    await pickTiles(form, '单位性质', ['机关事业单位', '国有企业', '民营企业']);
    await pickTiles(form, '单位性质', ['民营企业']);
    await pickTiles(form, '贷款用途', ['装修']);
    fireEvent.change(form.getByLabelText(/^产品费用/), {
      target: { value: '担保费 一次性 2 担保公司\n服务费 按月 0.3 本公司' },
    });
    const sent = (await sentJson(view, form, '添加', '已添加', E.productsAdd)) as Record<string, unknown>;
    expect(sent.rules).toMatchObject({
      age_min: 22,
      age_max: 55,
      city_ids: [330100, 310100],
      income_min_fen: 800_000,
      social_security_months_min: 12,
      employer_types: [5, 1],
      purposes: [2],
      queries_3m_max: 4,
      debt_ratio_max: 60,
    });
    expect(sent.fees).toEqual([
      { kind: 'guarantee', mode: 'once', rate_ppm: 20_000, payee: '担保公司' },
      { kind: 'service', mode: 'monthly', rate_ppm: 3000, payee: '本公司' },
    ]);
  });

  it("shows a saved product's rules by name in the list and the form, and saves them back exactly", async () => {
    const rules = {
      ...NO_RULES,
      age_min: 22,
      age_max: 55,
      // 999999 names no city any more, 99 no employer type: kept as they were, shown by their code.
      city_ids: [330100, 999999, 310100],
      employer_types: [5, 99, 1],
      purposes: [2, 1],
      debt_ratio_max: 60,
    };
    const view = await open({
      productsList: page([aProduct({ rules })]),
      productsUpdate: ok(aProduct({ rules }), '已保存'),
    });
    const row = await rowOf('闪电贷');
    expect(
      await row.findByText(
        '年龄 22 岁–55 岁；城市 杭州市、城市 999999、上海市辖区；单位性质 机关事业单位、99、国有企业；负债率 ≤ 60%；用途 装修、购车',
      ),
    ).toBeTruthy();
    await tap(row.getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '编辑产品：闪电贷' }));
    expect(form.getByLabelText('城市').textContent).toBe('杭州市、城市 999999、上海市辖区');
    const chosen = (group: string) =>
      within(form.getByRole('group', { name: group }))
        .getAllByRole('option', { selected: true })
        .map((tile) => tile.textContent);
    expect(chosen('单位性质')).toEqual(['国有企业', '机关事业单位', '99']);
    expect(chosen('贷款用途')).toEqual(['购车', '装修']);
    const sent = (await sentJson(view, form, '保存', '已保存', E.productsUpdate)) as Record<string, unknown>;
    expect(sent.rules).toEqual(rules);
  });

  it('finds a city by a search, says when none fits, and retries a failed city list', async () => {
    const view = await open({ productsList: page([]), city: network.httpError(500) });
    const form = within(await screen.findByRole('region', { name: '添加产品' }));
    expect(await form.findByText(/城市列表加载失败/)).toBeTruthy();
    view.api.set([on(C.city, ok(CITIES))]);
    await tap(form.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(form.queryByText(/城市列表加载失败/)).toBeNull());
    await tap(form.getByLabelText('城市'));
    const sheet = within(await screen.findByRole('dialog', { name: '选择城市' }));
    fireEvent.change(sheet.getByRole('searchbox'), { target: { value: '波' } });
    expect(sheet.getByText('宁波市')).toBeTruthy();
    expect(sheet.queryByText('杭州市')).toBeNull();
    fireEvent.change(sheet.getByRole('searchbox'), { target: { value: '广州' } });
    expect(sheet.getByText('没有符合的城市')).toBeTruthy();
  });

  it('edits and disables a product, showing a refusal', async () => {
    const view = await open({
      productsList: page([aProduct()]),
      productsUpdate: fail('产品不存在'),
    });
    const row = await rowOf('闪电贷');
    await tap(row.getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '编辑产品：闪电贷' }));
    expectValues(form, { '最低金额（元）': '10000' });
    fireEvent.change(form.getByLabelText('产品名称'), { target: { value: '闪电贷2' } });
    expect(await sentJson(view, form, '保存', '产品不存在', E.productsUpdate)).toMatchObject({
      id: 4,
      name: '闪电贷2',
      min_amount_fen: 1_000_000,
    });
    await tap(row.getByRole('button', { name: '停用' }));
    await expect.poll(() => view.api.lastCall(E.productsUpdate).json).toEqual({ id: 4, is_active: false });
  });
});
