import * as E from '@crm/domain/endpoints/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectValues, fill, keepsTypedWhenRefused, openAdmin, rowOf, sentJson, type AdminApi } from '../test-kit.ts';
import { anActivityRow, page } from '../../../test/admin-data.ts';
import { failField, ok, tap } from '../../../test/page.ts';

const open = (api: AdminApi) => openAdmin('/admin/activities', api);
const storedCoupon = {
  key: 'summer-coupon-2026',
  type: 'coupon',
  title: '夏季满减券',
  intro: '',
  cover_url: 'https://example.com/c.png',
  starts_at: '2026-07-01T01:00:00.000Z',
  ends_at: '2026-07-31T13:00:00.000Z',
  requires_phone: true,
  complaint_contact: '投诉电话 400-800-1234',
  published: true,
  fields: [{ name: 'car_model', label: '意向车型' }],
  questions: [],
  coupon: { title: '满5000减300', value_fen: 30000, stock: 500, valid_days: 30 },
};

describe('/admin/activities: the form for one activity', () => {
  it('sends a lottery as the activity file describes it, and empties the form after the save', async () => {
    const view = await open({
      activitiesList: page([]),
      activitiesSave: ok({ id: 3, key: 'l1', title: '抽奖' }, '已保存'),
    });
    const form = within(await screen.findByRole('region', { name: '新建活动' }));
    fill(form, {
      编号: 'l1',
      标题: '抽奖',
      '投诉联系方式（显示在活动每个页面）': '400-800-1234',
      奖池大小: '50',
      奖品发放: 'day',
      '奖项 1 名称': '保温杯',
      '奖项 1 数量': '5',
      '奖项 1 价值（元，最高 50000）': '39',
    });
    expect(await sentJson(view, form, '保存', '已保存', E.activitiesSave)).toEqual({
      activity: {
        cover_url: '',
        fields: [],
        questions: [],
        key: 'l1',
        type: 'lottery',
        title: '抽奖',
        intro: '',
        starts_at: '',
        ends_at: '',
        requires_phone: false,
        complaint_contact: '400-800-1234',
        published: false,
        lottery: {
          pool_size: 50,
          prize_redeem_days: 30,
          release: { every: 'day', rollover: true },
          prizes: [{ tier: 1, name: '保温杯', stock: 5, value_fen: 3900, redeem_note: '' }],
        },
      },
    });
    expectValues(form, { 标题: '' });
  });

  it("keeps what was typed when the file's rules refuse it, and shows their words", async () => {
    await keepsTypedWhenRefused(
      '/admin/activities',
      '新建活动',
      { 编号: 'l1', 标题: '抽奖', 奖池大小: '1', '奖项 1 数量': '5' },
      '(活动): 奖品总数超过奖池大小',
      { 标题: '抽奖', 奖池大小: '1' },
    );
  });

  it('shows the rules’ refusal under the field it names: a prize worth more than ¥50,000', async () => {
    const message = '活动 · 抽奖 · 奖项 1 · 价值（分）: 单个奖品价值不能超过 ¥50,000（5000000 分）';
    const view = await open({
      activitiesList: page([]),
      activitiesSave: failField('lottery.prizes.0.value_fen', message),
    });
    const form = within(await screen.findByRole('region', { name: '新建活动' }));
    fill(form, { 编号: 'l2', 标题: '汽车抽奖', '奖项 1 名称': '汽车', '奖项 1 价值（元，最高 50000）': '120000' });
    await tap(form.getByRole('button', { name: '保存' }));
    const value = form.getByLabelText('奖项 1 价值（元，最高 50000）');
    const alert = await within(value.closest('fieldset') as HTMLElement).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(view.api.lastCall(E.activitiesSave).json).toMatchObject({
      activity: { lottery: { prizes: [{ value_fen: 12_000_000 }] } },
    });
    expectValues(form, { '奖项 1 价值（元，最高 50000）': '120000' });
  });

  it('offers no option to gate a draw on sharing, inviting or a friend’s help', async () => {
    await open({ activitiesList: page([]) });
    const form = within(await screen.findByRole('region', { name: '新建活动' }));
    for (const word of [/分享/, /邀请/, /助力/, /好友/]) expect(form.queryAllByLabelText(word)).toEqual([]);
  });

  it('loads a coupon into the edit form (yuan on screen), and saves it with what the form does not show', async () => {
    const view = await open({
      activitiesList: page([anActivityRow()]),
      activitiesEntry: ok({ id: 2, spec: storedCoupon }),
      activitiesSave: ok({ id: 2, key: 'summer-coupon-2026', title: '夏季满减券' }, '已保存'),
    });
    const row = await rowOf('夏季满减券');
    await tap(row.getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '修改活动（summer-coupon-2026）' }));
    expect(view.api.lastCall(E.activitiesEntry).query).toEqual({ id: '2' });
    expectValues(form, { '面额（元）': '300' });
    fill(form, { '面额（元）': '350' });
    expect(await sentJson(view, form, '保存', '已保存', E.activitiesSave)).toEqual({
      activity: { ...storedCoupon, coupon: { ...storedCoupon.coupon, value_fen: 35000 } },
    });
  });
});
