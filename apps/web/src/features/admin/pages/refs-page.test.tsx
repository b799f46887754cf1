import * as E from '@crm/domain/endpoints/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, rowOf, sentJson, tapToToast } from '../test-kit.ts';
import { aRef, aWhoami, page } from '../../../test/admin-data.ts';
import { fail, network, ok, tap } from '../../../test/page.ts';

const open = openAdmin;

describe('/admin/banks', () => {
  it("lists the banks and, a tap away, a bank's branches", async () => {
    const view = await open('/admin/banks', {
      refsList: (call) =>
        call.query.parent_id === '1'
          ? page([aRef({ id: 11, parent_id: 1, name: '招商银行上海分行', is_active: false })])
          : page([aRef()]),
    });
    await tap((await rowOf('招商银行')).getByRole('button', { name: '下级' }));
    expect(view.api.callsTo(E.refsList)[0]?.query).toMatchObject({ kind: 'bank', limit: '20' });
    const branch = await rowOf('招商银行上海分行');
    expect(branch.getByText('已停用')).toBeTruthy();
    expect(screen.getByText('招商银行 的下级')).toBeTruthy();
    expect(screen.getByRole('region', { name: '添加支行' })).toBeTruthy();
  });

  it('says so when the list is empty', async () => {
    await open('/admin/banks', { refsList: page([]) });
    expect(await screen.findByText('列表为空')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const view = await open('/admin/banks', { refsList: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.refsList, page([aRef()]));
    expect(await screen.findByText('招商银行')).toBeTruthy();
  });

  it('adds a bank, renames one and disables one', async () => {
    const view = await open('/admin/banks', {
      refsList: page([aRef()]),
      refsAdd: ok(aRef({ id: 5, name: '江苏银行' }), '已添加'),
      refsUpdate: ok(aRef(), '已保存'),
    });
    const form = within(await screen.findByRole('region', { name: '添加银行' }));
    fireEvent.change(form.getByLabelText('名称'), { target: { value: '江苏银行' } });
    expect(await sentJson(view, form, '添加', '已添加', E.refsAdd)).toEqual({
      kind: 'bank',
      parent_id: null,
      name: '江苏银行',
    });
    const row = await rowOf('招商银行');
    await tap(row.getByRole('button', { name: '编辑' }));
    fireEvent.change(row.getByLabelText('名称'), { target: { value: '招商银行总行' } });
    await tap(row.getByRole('button', { name: '保存' }));
    await expect
      .poll(() => view.api.lastCall(E.refsUpdate).json)
      .toEqual({ kind: 'bank', id: 1, name: '招商银行总行' });
    await tap(row.getByRole('button', { name: '停用' }));
    await expect.poll(() => view.api.lastCall(E.refsUpdate).json).toEqual({ kind: 'bank', id: 1, is_active: false });
  });
});

describe('/admin/channels and /admin/sources', () => {
  it('adds a second-level channel under a first-level one', async () => {
    const view = await open('/admin/channels', {
      refsList: (call) => (call.query.parent_id ? page([]) : page([aRef({ id: 2, name: '中介' })])),
      refsAdd: ok(aRef({ id: 9, parent_id: 2, name: '链家' }), '已添加'),
    });
    await tap((await rowOf('中介')).getByRole('button', { name: '下级' }));
    const form = within(await screen.findByRole('region', { name: '添加二级渠道' }));
    fireEvent.change(form.getByLabelText('名称'), { target: { value: '链家' } });
    expect(await sentJson(view, form, '添加', '已添加', E.refsAdd)).toEqual({
      kind: 'channel',
      parent_id: 2,
      name: '链家',
    });
  });

  it('lists sources without levels and shows a refusal', async () => {
    await open('/admin/sources', {
      refsList: page([aRef({ id: 3, name: '门店到访' })]),
      refsUpdate: fail('记录不存在'),
    });
    const row = await rowOf('门店到访');
    expect(row.queryByRole('button', { name: '下级' })).toBeNull();
    await tapToToast(row, '停用', '记录不存在');
  });
});

describe('/admin/cities', () => {
  it('shows the cities read-only to a company admin', async () => {
    await open('/admin/cities', { refsList: page([aRef({ id: 310000, name: '上海市' })]) });
    const row = await rowOf('上海市');
    expect(row.getByText('310000')).toBeTruthy();
    expect(row.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(row.queryByRole('button', { name: '停用' })).toBeNull();
    expect(screen.getByText('城市为各公司共用，仅平台管理员可修改。')).toBeTruthy();
  });

  it('lets the platform admin add a province by its code', async () => {
    const view = await open(
      '/admin/cities',
      {
        refsList: page([]),
        refsAdd: ok(aRef({ id: 440000, name: '广东省' }), '已添加'),
      },
      ok(aWhoami({ platform_admin: true })),
    );
    const form = within(await screen.findByRole('region', { name: '添加省份' }));
    fill(form, { 名称: '广东省', 城市代码: '440000' });
    expect(await sentJson(view, form, '添加', '已添加', E.refsAdd)).toEqual({
      kind: 'city',
      parent_id: null,
      name: '广东省',
      code: 440000,
    });
  });
});
