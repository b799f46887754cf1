import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { findToast, renderPage, tap } from '../../../test/page.ts';

/** A dd's text beside its dt label in the result popup. */
const resultValue = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

// The term sheet and the result popup are chunks of their own, loaded on the first tap (as in the browser);
// loading them here first keeps a cold module transform out of each findBy's wait.
beforeAll(async () => {
  await import('../components/term-picker.tsx');
  await import('../components/loan-result-popup.tsx');
});

describe('/calculator', () => {
  it('computes an equal-instalment loan locally, outside WeChat and without login', async () => {
    const page = await renderPage('/calculator', { user: null, browser: 'desktop' });
    fireEvent.change(await screen.findByLabelText('贷款金额'), { target: { value: '10' } });
    // The term sheet opens on its first term, 3 months.
    await tap(screen.getByRole('button', { name: '贷款期限' }));
    const sheet = (await screen.findByText('取消')).closest('.adm-picker') as HTMLElement;
    await tap(within(sheet).getByText('确定'));
    expect(screen.getByRole('button', { name: '贷款期限' }).textContent).toContain('3期（3个月）');
    fireEvent.change(screen.getByLabelText('年利率'), { target: { value: '6' } });
    await tap(screen.getByText('等额本息'));
    await tap(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('计算结果')).toBeTruthy();
    // 100 000 yuan over 3 months at 0.5 % a month: 100000 × 0.005 / (1 − 1.005⁻³).
    expect(resultValue('每月月供（元）')).toBe('¥33,667.22');
    expect(resultValue('总利息（元）')).toBe('¥1,001.66');
    expect(screen.getAllByRole('row')).toHaveLength(1 + 3);
    expect(page.api.calls).toHaveLength(0);
  });

  it.each([
    // Issue 39: the banks' totals, n × the unrounded payment − the loan, not the rows' sum (910,615.12).
    {
      method: '等额本息',
      label: '每月月供（元）',
      payment: '¥5,307.27',
      interest: '¥910,616.19',
      total: '¥1,910,616.19',
    },
    // P·r·(n + 1) / 2, not the rows' sum (737,041.08).
    {
      method: '等额本金',
      label: '首月月供（元）',
      payment: '¥6,861.11',
      interest: '¥737,041.67',
      total: '¥1,737,041.67',
    },
  ])(
    'shows 100万 over 30 years at 4.9 % $method as the banks do',
    async ({ method, label, payment, interest, total }) => {
      await renderPage('/calculator', { user: null });
      fireEvent.change(await screen.findByLabelText('贷款金额'), { target: { value: '100' } });
      await tap(screen.getByRole('button', { name: '贷款期限' }));
      const sheet = (await screen.findByText('取消')).closest('.adm-picker') as HTMLElement;
      await tap(await within(sheet).findByText('360期（360个月）'));
      // The wheel hands its value to the sheet on a zero-delay timer (antd-mobile's PickerView).
      await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
      await tap(within(sheet).getByText('确定'));
      expect(screen.getByRole('button', { name: '贷款期限' }).textContent).toContain('360期');
      fireEvent.change(screen.getByLabelText('年利率'), { target: { value: '4.9' } });
      await tap(screen.getByText(method));
      await tap(screen.getByRole('button', { name: '开始计算' }));
      expect(await screen.findByText('计算结果')).toBeTruthy();
      expect(resultValue(label)).toBe(payment);
      expect(resultValue('总利息（元）')).toBe(interest);
      expect(resultValue('本息合计（元）')).toBe(total);
      expect(screen.getAllByRole('row')).toHaveLength(1 + 360);
      expect(screen.getByText(/每期金额四舍五入到分/)).toBeTruthy();
    },
  );

  it('starts empty and says what is missing first, without computing', async () => {
    await renderPage('/calculator', { user: null });
    expect((await screen.findByLabelText<HTMLInputElement>('贷款金额')).value).toBe('');
    expect(screen.getByRole('button', { name: '贷款期限' }).textContent).toContain('请选择贷款期限');
    await tap(screen.getByRole('button', { name: '开始计算' }));
    expect(await findToast('请输入贷款金额')).toBeTruthy();
    expect(screen.queryByText('计算结果')).toBeNull();
  });

  it('marks every missing field at once, not one per tap', async () => {
    await renderPage('/calculator', { user: null });
    await tap(await screen.findByRole('button', { name: '开始计算' }));
    for (const message of ['请输入贷款金额', '请选择贷款期限', '请输入利率', '请选择还款方式']) {
      expect(await screen.findAllByText(message)).not.toHaveLength(0);
    }
    // Fixing a field takes its message away at once.
    fireEvent.change(screen.getByLabelText('贷款金额'), { target: { value: '10' } });
    await expect.poll(() => document.getElementById('calc-amount-error')).toBeNull();
    expect(document.getElementById('calc-rate-error')?.textContent).toBe('请输入利率');
  });

  it('calls a monthly fee ×12 名义年费率, beside the IRR', async () => {
    await renderPage('/calculator', { user: null });
    fireEvent.change(await screen.findByLabelText('贷款金额'), { target: { value: '10' } });
    await tap(screen.getByRole('button', { name: '贷款期限' }));
    const sheet = (await screen.findByText('取消')).closest('.adm-picker') as HTMLElement;
    await tap(within(sheet).getByText('确定'));
    await tap(screen.getByText('分期费率'));
    fireEvent.change(await screen.findByLabelText('月费率'), { target: { value: '0.5' } });
    await tap(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText('计算结果')).toBeTruthy();
    expect(resultValue('名义年费率')).toBe('6%');
    expect(screen.getByText('实际年化利率（IRR）')).toBeTruthy();
    const summary = screen.getByRole('region', { name: '计算结果' });
    expect(within(summary).queryByText('年化利率')).toBeNull();
  });

  it('refuses an amount that is not a whole number of 万元', async () => {
    await renderPage('/calculator', { user: null });
    fireEvent.change(await screen.findByLabelText('贷款金额'), { target: { value: '1.5' } });
    await tap(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findAllByText('金额只能是整数')).not.toHaveLength(0);
    expect(screen.queryByText('计算结果')).toBeNull();
  });

  it('asks a monthly fee rate and no repayment method for an instalment loan', async () => {
    await renderPage('/calculator', { user: null });
    await tap(await screen.findByText('分期费率'));
    expect(await screen.findByLabelText('月费率')).toBeTruthy();
    expect(screen.queryByText('等额本金')).toBeNull();
  });
});
