import * as E from '@crm/domain/endpoints/admin';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectValues, openAdmin, tapToToast, type AdminApi } from '../test-kit.ts';
import { fail, network, ok, on, tap } from '../../../test/page.ts';
import { adminSettingsSchema } from '@crm/domain/api/admin';

const settings = {
  referral_protection_days: 30,
  over_limit_rate_bp: 150,
  over_limit_amount_fen: 5_000_000,
  all_in_cost_cap_bp: 2400,
};
const open = (api: AdminApi) => openAdmin('/admin/rules', api);
/** The save answers what it was sent, as the server answers the settings it saved. */
const saves = on(E.settingsUpdate, (call) => ok(adminSettingsSchema.parse(call.json), '已保存'), 'POST');

describe('/admin/rules', () => {
  it('shows the protection period and the over-limit rule, the amount in yuan', async () => {
    await open({ settings: ok(settings) });
    expect((await screen.findByLabelText<HTMLInputElement>('客户保护期（天）')).value).toBe('30');
    expectValues(screen, { '超限返佣比例（万分之一）': '150', '超限返佣金额（元）': '50000' });
  });

  it('shows a refusal of the read', async () => {
    await open({ settings: fail('公司不存在') });
    expect(await screen.findByText('公司不存在')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const view = await open({ settings: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.settings, ok(settings));
    expect(await screen.findByLabelText('客户保护期（天）')).toBeTruthy();
  });

  it('saves the rule with the amount in fen, refusing a zero period first', async () => {
    const view = await open({ settings: ok(settings) });
    view.api.set([saves]);
    fireEvent.change(await screen.findByLabelText('客户保护期（天）'), { target: { value: '0' } });
    await tap(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('保护期至少 1 天', { selector: '[role="alert"]' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('客户保护期（天）'), { target: { value: '45' } });
    fireEvent.change(screen.getByLabelText('超限返佣金额（元）'), { target: { value: '80000.5' } });
    // The all-in cost's warning line (decision 068): a percent on screen, basis points on the wire, 36 % at most.
    fireEvent.change(screen.getByLabelText('综合成本预警线（%）'), { target: { value: '40' } });
    await tap(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('综合成本预警线最多 36%', { selector: '[role="alert"]' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('综合成本预警线（%）'), { target: { value: '22.5' } });
    await tapToToast(screen, '保存', '已保存');
    const posts = view.api.callsTo(E.settingsUpdate).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.json)).toEqual([
      {
        referral_protection_days: 45,
        over_limit_rate_bp: 150,
        over_limit_amount_fen: 8_000_050,
        all_in_cost_cap_bp: 2250,
      },
    ]);
  });

  it('shows and saves the ledger settings (decision 067), refusing a statement day past the 28th', async () => {
    const ledger = { clawback_window_days: 90, clawback_partial: false, statement_day: 5, partner_commission_bp: 0 };
    const view = await open({ settings: ok({ ...settings, ...ledger }) });
    expect((await screen.findByLabelText<HTMLInputElement>('追回期限（发放后天数）')).value).toBe('90');
    expectValues(screen, { '每月对账日（1–28）': '5', '合伙人返佣比例（万分之一，0 为不返）': '0' });
    expect(screen.getByLabelText<HTMLSelectElement>('追回方式').value).toBe('full');
    view.api.set([saves]);
    fireEvent.change(screen.getByLabelText('每月对账日（1–28）'), { target: { value: '31' } });
    await tap(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('对账日最晚每月 28 日', { selector: '[role="alert"]' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('每月对账日（1–28）'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('追回期限（发放后天数）'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('追回方式'), { target: { value: 'partial' } });
    fireEvent.change(screen.getByLabelText('合伙人返佣比例（万分之一，0 为不返）'), { target: { value: '50' } });
    await tapToToast(screen, '保存', '已保存');
    const posts = view.api.callsTo(E.settingsUpdate).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.json)).toEqual([
      { ...settings, clawback_window_days: 60, clawback_partial: true, statement_day: 10, partner_commission_bp: 50 },
    ]);
  });

  it('shows and saves the public pool settings (decision 066)', async () => {
    const pool = {
      pool_days: 15,
      pool_warn_days: 3,
      pool_claims_per_day: 5,
      nudge_days: 3,
      duplicate_checks_per_day: 200,
    };
    const view = await open({ settings: ok({ ...settings, ...pool }) });
    expect((await screen.findByLabelText<HTMLInputElement>('公海回收天数')).value).toBe('15');
    expectValues(screen, {
      提前提醒天数: '3',
      每人每日领取上限: '5',
      未安排跟进提醒天数: '3',
      每人每日查重上限: '200',
    });
    view.api.set([saves]);
    fireEvent.change(screen.getByLabelText('公海回收天数'), { target: { value: '10' } });
    fireEvent.change(screen.getByLabelText('每人每日领取上限'), { target: { value: '8' } });
    // The nudge's days: a negative is refused in the form, in Chinese, before anything is sent.
    fireEvent.change(screen.getByLabelText('未安排跟进提醒天数'), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('未安排跟进提醒天数不能为负（0 为不提醒）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('未安排跟进提醒天数'), { target: { value: '5' } });
    await tapToToast(screen, '保存', '已保存');
    const posts = view.api.callsTo(E.settingsUpdate).filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.json)).toEqual([
      { ...settings, ...pool, pool_days: 10, pool_claims_per_day: 8, nudge_days: 5 },
    ]);
  });
});
