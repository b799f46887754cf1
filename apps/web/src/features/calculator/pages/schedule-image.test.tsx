import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { calculatorAllInCost, ppmToPercent } from '@crm/domain/calculator';
import { findToast, renderPage, tap } from '../../../test/page.ts';

/*
 * The schedule as an image a salesperson sends a customer in WeCom (decision 058): drawn on a canvas with the
 * true annual rate (IRR) and spec §2's disclaimer. jsdom has no 2D canvas: a recording stand-in takes its place.
 */

async function computeInstalmentLoan(fees: { upfront?: string; monthly?: string } = {}) {
  fireEvent.change(await screen.findByLabelText('贷款金额'), { target: { value: '10' } });
  if (fees.upfront) fireEvent.change(screen.getByLabelText('一次性费用'), { target: { value: fees.upfront } });
  if (fees.monthly) fireEvent.change(screen.getByLabelText('每月费用'), { target: { value: fees.monthly } });
  await tap(screen.getByRole('button', { name: '贷款期限' }));
  const sheet = (await screen.findByText('取消')).closest('.adm-picker') as HTMLElement;
  await tap(within(sheet).getByText('确定'));
  await tap(screen.getByText('分期费率'));
  fireEvent.change(screen.getByLabelText('月费率'), { target: { value: '0.5' } });
  await tap(screen.getByRole('button', { name: '开始计算' }));
  expect(await screen.findByText('计算结果')).toBeTruthy();
}

afterEach(() => vi.restoreAllMocks());

// The term sheet and the result popup are chunks of their own, loaded on the first tap (as in the browser);
// loading them here first keeps a cold module transform out of each findBy's wait.
beforeAll(async () => {
  await import('../components/term-picker.tsx');
  await import('../components/loan-result-popup.tsx');
});

describe('/calculator: the shareable schedule image', () => {
  it('draws the figures with the IRR and the disclaimer, and shows the image to long-press and send', async () => {
    const drawn: string[] = [];
    const context = new Proxy(
      {},
      {
        get: (_target, name) =>
          name === 'fillText'
            ? (text: string) => drawn.push(text)
            : typeof name === 'string'
              ? () => undefined
              : undefined,
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    await renderPage('/calculator', { user: null });
    await computeInstalmentLoan();
    await tap(screen.getByRole('button', { name: '生成分享图' }));
    const image = await screen.findByRole<HTMLImageElement>('img', { name: '还款计划分享图' });
    expect(image.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('长按图片，发送给客户')).toBeTruthy();
    expect(drawn).toContain('实际年化利率（IRR）');
    expect(drawn).toContain('计算结果仅供参考，实际月供以银行计算为准');
    const irrShown = screen.getByText('实际年化利率（IRR）').nextElementSibling?.textContent;
    expect(drawn[drawn.indexOf('实际年化利率（IRR）') + 1]).toBe(irrShown);
  });

  it('says so when the browser cannot draw', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    await renderPage('/calculator', { user: null });
    await computeInstalmentLoan();
    await tap(screen.getByRole('button', { name: '生成分享图' }));
    expect(await findToast('当前浏览器无法生成图片')).toBeTruthy();
    expect(screen.queryByRole('img', { name: '还款计划分享图' })).toBeNull();
  });

  it('shows the fees and the all-in cost (decision 068) on screen and on the image', async () => {
    const drawn: string[] = [];
    const context = new Proxy(
      {},
      {
        get: (_target, name) =>
          name === 'fillText'
            ? (text: string) => drawn.push(text)
            : typeof name === 'string'
              ? () => undefined
              : undefined,
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
    await renderPage('/calculator', { user: null });
    await computeInstalmentLoan({ upfront: '1000' });
    // 10万 over 3 months at 0.5 % a month, 1,000 taken at payout: the calculator's own fen schedule.
    const expected = calculatorAllInCost({ amount: 10, nper: 3, interestType: 2, rate: 0.5 }, [
      { mode: 'once', amountFen: 100_000 },
    ]);
    const shown = `${ppmToPercent(expected.irrPpm ?? 0).toFixed(2)}%`;
    expect(screen.getByText('综合年化成本（含费用）').nextElementSibling?.textContent).toBe(shown);
    expect(screen.getByText('一次性费用（元）').nextElementSibling?.textContent).toBe('¥1,000.00');
    await tap(screen.getByRole('button', { name: '生成分享图' }));
    await screen.findByRole('img', { name: '还款计划分享图' });
    expect(drawn[drawn.indexOf('综合年化成本（含费用）') + 1]).toBe(shown);
  });

  it('refuses a fee that is not an amount', async () => {
    await renderPage('/calculator', { user: null });
    fireEvent.change(await screen.findByLabelText('每月费用'), { target: { value: '12.345' } });
    await tap(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('费用格式不正确（元，最多两位小数）')).toBeTruthy();
  });
});
