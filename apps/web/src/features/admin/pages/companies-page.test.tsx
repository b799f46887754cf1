import * as E from '@crm/domain/endpoints/admin';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, rowOf, sentJson, type AdminApi } from '../test-kit.ts';
import { aWhoami } from '../../../test/admin-data.ts';
import { network, ok, tap } from '../../../test/page.ts';

const operator = ok(aWhoami({ company_admin: false, platform_admin: true }));
const company = { id: 2, name: '江南贷款', is_active: true, staff: 4 };
const open = (api: AdminApi, whoami = operator) => openAdmin('/admin/companies', api, whoami);

describe('/admin/companies', () => {
  it('lists the companies to the platform admin, whose sidebar has only 公司', async () => {
    await open({ companiesList: ok([company]) });
    const row = await rowOf('江南贷款');
    expect(row.getByText('4')).toBeTruthy();
    expect(row.getByText('在用')).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: '管理后台' }));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['公司']);
  });

  it('is closed to a company admin', async () => {
    await open({ companiesList: ok([company]) }, ok(aWhoami()));
    expect(await screen.findByText('仅公司管理员可使用后台管理')).toBeTruthy();
    expect(screen.queryByText('江南贷款')).toBeNull();
  });

  it('says so when there is none, and retries a failed load', async () => {
    const view = await open({ companiesList: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.companiesList, ok([]));
    expect(await screen.findByText('还没有公司')).toBeTruthy();
  });

  it('opens a company with its first admin, and closes one', async () => {
    const view = await open({
      companiesList: ok([company]),
      companiesAdd: ok({ id: 3, name: '新公司', is_active: true, staff: 1 }, '已添加'),
      companiesUpdate: ok({ ...company, is_active: false }, '已保存'),
    });
    const form = within(await screen.findByRole('region', { name: '开通公司' }));
    fill(form, { 公司名称: '新公司', 管理员姓名: '钱管理', 管理员手机号: '13912345610' });
    expect(await sentJson(view, form, '添加', '已添加', E.companiesAdd)).toEqual({
      name: '新公司',
      admin_name: '钱管理',
      admin_phone: '13912345610',
    });
    await tap(within(screen.getByText('江南贷款').closest('tr') as HTMLElement).getByRole('button', { name: '停用' }));
    await expect.poll(() => view.api.callsTo(E.companiesUpdate).at(-1)?.json).toEqual({ id: 2, is_active: false });
  });
});
