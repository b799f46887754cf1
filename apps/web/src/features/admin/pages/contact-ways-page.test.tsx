import * as E from '@crm/domain/endpoints/contactways';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf, sentJson, fill } from '../test-kit.ts';
import { answersOf, findToast, ok, tap, type AnswersOf } from '../../../test/page.ts';

const aWay = (over: Partial<Record<string, unknown>> = {}) => ({
  id: 4,
  name: '地推-人民广场',
  kind: 'channel' as const,
  state: 'cwDemoRenmin01',
  staff_id: 1,
  staff_name: '王小明',
  qr_code: 'data:image/png;base64,iVBORw0KGgo=',
  is_active: true,
  customers: 3,
  created_at: '2026-11-20T02:00:00.000Z',
  ...over,
});
const members = ok({
  list: [
    { id: 1, name: '王小明', bound: true },
    { id: 7, name: '未绑定', bound: false },
  ],
});
const open = (api: AnswersOf<typeof E>) => openAdmin('/admin/contact-ways', answersOf(E, api));

describe('/admin/contact-ways', () => {
  it('lists the QRs with their source and customers, shows a QR, and says so when there are none', async () => {
    await open({ contactWays: ok({ list: [aWay()], for_others: true, demo: false }), contactWayMembers: members });
    const row = await rowOf('地推-人民广场');
    expect(row.getByText('渠道')).toBeTruthy();
    expect(row.getByText('3')).toBeTruthy();
    // Not the offline demo: no simulated scan.
    expect(row.queryByRole('button', { name: '模拟扫码添加' })).toBeNull();
    await tap(row.getByRole('button', { name: '查看二维码' }));
    expect(await screen.findByRole('img', { name: '渠道活码「地推-人民广场」的二维码' })).toBeTruthy();
  });

  it('makes a QR for a member, naming unbound members as such', async () => {
    const view = await open({
      contactWays: ok({ list: [], for_others: true, demo: true }),
      contactWayMembers: members,
      contactWayCreate: ok(aWay(), '渠道活码已生成'),
    });
    expect(await screen.findByText('还没有渠道活码')).toBeTruthy();
    const form = within(await screen.findByRole('region', { name: '生成渠道活码' }));
    fill(form, { '名称（如：地推-人民广场）': '双十一活动' });
    expect(await form.findByRole('option', { name: '未绑定（未绑定企业微信）' })).toBeTruthy();
    expect(await sentJson(view, form, '生成', '渠道活码已生成', E.contactWayCreate)).toEqual({
      name: '双十一活动',
      kind: 'channel',
      staff_id: null,
    });
  });

  it('simulates a scan offline and disables a QR after asking', async () => {
    const view = await open({
      contactWays: ok({ list: [aWay()], for_others: true, demo: true }),
      contactWayMembers: members,
      contactWaySimulate: ok(
        { external_userid: 'wmDemoScan0001', name: '赵先生' },
        '已模拟客户「赵先生」扫码添加，并已按来源建档',
      ),
      contactWayDisable: ok(null, '渠道活码已停用'),
    });
    await tap((await rowOf('地推-人民广场')).getByRole('button', { name: '模拟扫码添加' }));
    expect(await findToast('已模拟客户「赵先生」扫码添加，并已按来源建档')).toBeTruthy();
    expect(view.api.callsTo(E.contactWaySimulate)).toHaveLength(1);
    await tap((await rowOf('地推-人民广场')).getByRole('button', { name: '停用' }));
    expect(
      await screen.findByText('停用渠道活码「地推-人民广场」？二维码将立即失效，客户无法再通过它添加。'),
    ).toBeTruthy();
    await tap(screen.getAllByRole('button', { name: '停用' }).at(-1) as HTMLElement);
    expect(await findToast('渠道活码已停用')).toBeTruthy();
    expect(view.api.lastCall(E.contactWayDisable).json).toEqual({ id: 4 });
  });
});

describe('/admin/contact-ways-stats', () => {
  it('shows customers and cases by kind and by QR', async () => {
    await openAdmin(
      '/admin/contact-ways-stats',
      answersOf(E, {
        contactWayStats: ok({
          list: [{ id: 4, name: '地推-人民广场', kind: 'channel', is_active: true, customers: 4, cases: 1 }],
          by_kind: [
            { kind: 'channel', customers: 4, cases: 1 },
            { kind: 'activity', customers: 0, cases: 0 },
            { kind: 'partner', customers: 0, cases: 0 },
          ],
          total: { customers: 4, cases: 1 },
        }),
      }),
    );
    const row = await rowOf('渠道 · 地推-人民广场');
    expect(row.getByText('25%')).toBeTruthy();
    expect((await rowOf('合计')).getByText('4')).toBeTruthy();
  });
});
