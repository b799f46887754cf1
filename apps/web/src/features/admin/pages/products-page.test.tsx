import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectValues, fill, rowOf, sentJson } from '../test-kit.ts';
import { adminApi, aProduct, aRef, page } from '../../../test/admin-data.ts';
import { fail, ok, renderPage, tap } from '../../../test/page.ts';
import { showsEmptyList } from '../../../test/steps-list.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';

const open = (api: Parameters<typeof adminApi>[0]) =>
  renderPage('/admin/products', {
    browser: 'desktop',
    api: adminApi({ '/api/admin/refs': page([aRef(), aRef({ id: 2, name: '上海银行' })]), ...api }),
  });

describe('/admin/products', () => {
  it('lists the products with bank, amounts in yuan, terms and price', async () => {
    await open({
      '/api/admin/products': page([
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
    await showsEmptyList(open, '/api/admin/products', '还没有产品');
  });

  it('shows a failed load with a retry', async () => {
    await retriesFailedLoad(open, '/api/admin/products', page([aProduct()]), '闪电贷');
  });

  it('adds a product with amounts sent in fen and terms sorted, refusing a minimum above the maximum first', async () => {
    const view = await open({
      '/api/admin/products': page([]),
      '/api/admin/products/add': ok(aProduct(), '已添加'),
    });
    const form = within(await screen.findByRole('region', { name: '添加产品' }));
    await form.findByRole('option', { name: '上海银行' });
    fill(form, { 银行: '2', 产品名称: '经营贷', '最低金额（元）': '500000', '最高金额（元）': '100000' });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('最低金额不能高于最高金额')).toBeTruthy();
    expect(view.api.callsTo('/api/admin/products/add')).toHaveLength(0);
    fill(form, {
      '最高金额（元）': '3000000.5',
      '期限（月，逗号分隔）': '36, 12，24',
      收费方式: '3',
      '费率（百万分之一）': '45000',
    });
    expect(await sentJson(view, form, '添加', '已添加', '/api/admin/products/add')).toEqual({
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

  it('keeps admission rules and fees (decision 068): typed as text, sent as the API reads them', async () => {
    const view = await open({
      '/api/admin/products': page([]),
      '/api/admin/products/add': ok(aProduct(), '已添加'),
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
    expect(view.api.callsTo('/api/admin/products/add')).toHaveLength(0);
    fill(form, {
      最低年龄: '22',
      最高年龄: '55',
      '城市代码（逗号分隔，如 310100）': '310100, 330100',
      '最低月收入（元）': '8000',
      最少社保月数: '12',
      '近 3 个月最多查询次数': '4',
      '最高负债率（%）': '60',
    });
    fireEvent.change(form.getByLabelText(/^单位性质/), { target: { value: '1,5' } });
    fireEvent.change(form.getByLabelText(/^产品费用/), {
      target: { value: '担保费 一次性 2 担保公司\n服务费 按月 0.3 本公司' },
    });
    const sent = (await sentJson(view, form, '添加', '已添加', '/api/admin/products/add')) as Record<string, unknown>;
    expect(sent.rules).toMatchObject({
      age_min: 22,
      age_max: 55,
      city_ids: [310100, 330100],
      income_min_fen: 800_000,
      social_security_months_min: 12,
      employer_types: [1, 5],
      queries_3m_max: 4,
      debt_ratio_max: 60,
    });
    expect(sent.fees).toEqual([
      { kind: 'guarantee', mode: 'once', rate_ppm: 20_000, payee: '担保公司' },
      { kind: 'service', mode: 'monthly', rate_ppm: 3000, payee: '本公司' },
    ]);
  });

  it('edits and disables a product, showing a refusal', async () => {
    const view = await open({
      '/api/admin/products': page([aProduct()]),
      '/api/admin/products/update': fail('产品不存在'),
    });
    const row = await rowOf('闪电贷');
    await tap(row.getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '编辑产品：闪电贷' }));
    expectValues(form, { '最低金额（元）': '10000' });
    fireEvent.change(form.getByLabelText('产品名称'), { target: { value: '闪电贷2' } });
    expect(await sentJson(view, form, '保存', '产品不存在', '/api/admin/products/update')).toMatchObject({
      id: 4,
      name: '闪电贷2',
      min_amount_fen: 1_000_000,
    });
    await tap(row.getByRole('button', { name: '停用' }));
    await expect.poll(() => view.api.lastCall('/api/admin/products/update').json).toEqual({ id: 4, is_active: false });
  });
});
