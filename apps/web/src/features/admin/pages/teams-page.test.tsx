import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf, sentJson } from '../test-kit.ts';
import type { adminApi } from '../../../test/admin-data.ts';
import { fail, network, ok, tap } from '../../../test/page.ts';

const open = (api: Parameters<typeof adminApi>[0]) => openAdmin('/admin/teams', api);

describe('/admin/teams', () => {
  it('lists the teams with their active members', async () => {
    await open({ '/api/admin/teams': ok([{ id: 1, name: '销售一组', members: 3 }]) });
    const row = (await screen.findByText('销售一组')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('says so when there is no team', async () => {
    await open({ '/api/admin/teams': ok([]) });
    expect(await screen.findByText('还没有团队')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const view = await open({ '/api/admin/teams': network.httpError(500) });
    await view.retryFailedLoad(network.message, '/api/admin/teams', ok([{ id: 1, name: '销售一组', members: 3 }]));
    expect(await screen.findByText('销售一组')).toBeTruthy();
  });

  it('adds a team, refusing an empty name before sending', async () => {
    const view = await open({
      '/api/admin/teams': ok([]),
      '/api/admin/teams/add': ok({ id: 2, name: '销售二组', members: 0 }, '已添加'),
    });
    const form = within(await screen.findByRole('region', { name: '添加团队' }));
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('请填写团队名称')).toBeTruthy();
    expect(view.api.callsTo('/api/admin/teams/add')).toHaveLength(0);
    fireEvent.change(form.getByLabelText('团队名称'), { target: { value: '销售二组' } });
    expect(await sentJson(view, form, '添加', '已添加', '/api/admin/teams/add')).toEqual({ name: '销售二组' });
  });

  it('renames a team and shows a refusal', async () => {
    const view = await open({
      '/api/admin/teams': ok([{ id: 1, name: '销售一组', members: 3 }]),
      '/api/admin/teams/update': fail('团队不存在'),
    });
    const row = await rowOf('销售一组');
    await tap(row.getByRole('button', { name: '编辑' }));
    fireEvent.change(row.getByLabelText('团队名称'), { target: { value: '精英组' } });
    expect(await sentJson(view, row, '保存', '团队不存在', '/api/admin/teams/update')).toEqual({
      id: 1,
      name: '精英组',
    });
  });
});
