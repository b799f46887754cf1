import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProduct } from '../../../test/outside-data.ts';
import { ok, renderPageWith, tap, on } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';

const renderProducts = renderPageWith('/outside/product', {
  user: null,
  api: [on(E.outsideBank, ok([{ id: 9, name: '工商银行' }]))],
});

describe('/outside/product', () => {
  it('lists products; tapping the bank shows its branches', async () => {
    const page = await renderProducts([
      on(E.outsideProduct, ok([aProduct()])),
      on(E.outsideBranchBank, ok([{ id: 1, name: '工行西湖支行' }])),
    ]);
    expect(await screen.findByText('信用贷')).toBeTruthy();
    expect(screen.getByText('额度 1万 - 50万')).toBeTruthy();
    expect(screen.getByText('期数 12/24 期')).toBeTruthy();
    await tap(await screen.findByRole('button', { name: '工商银行' }));
    expect(await screen.findByText('工行西湖支行')).toBeTruthy();
    expect(page.api.lastCall(E.outsideBranchBank).query).toEqual({ bank_id: '9' });
  });

  it('says so when there are none', async () => {
    await renderProducts([on(E.outsideProduct, ok([]))]);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    await retriesFailedLoad(renderProducts, E.outsideProduct, ok([aProduct()]), '信用贷');
  });
});
