import * as E from '@crm/domain/endpoints/admin';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openAdmin, rowOf, sentJson, type AdminApi } from '../test-kit.ts';
import { fail, network, ok, tap } from '../../../test/page.ts';

const open = (api: AdminApi) => openAdmin('/admin/teams', api);

describe('/admin/teams', () => {
  it('lists the teams with their active members', async () => {
    await open({ teamsList: ok([{ id: 1, name: '销售一组', members: 3 }]) });
    const row = (await screen.findByText('销售一组')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeTruthy();
  });

  it('says so when there is no team', async () => {
    await open({ teamsList: ok([]) });
    expect(await screen.findByText('还没有团队')).toBeTruthy();
  });

  it('shows a failed load with a retry', async () => {
    const view = await open({ teamsList: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.teamsList, ok([{ id: 1, name: '销售一组', members: 3 }]));
    expect(await screen.findByText('销售一组')).toBeTruthy();
  });

  it('adds a team, refusing an empty name before sending', async () => {
    const view = await open({
      teamsList: ok([]),
      teamsAdd: ok({ id: 2, name: '销售二组', members: 0 }, '已添加'),
    });
    const form = within(await screen.findByRole('region', { name: '添加团队' }));
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('请填写团队名称')).toBeTruthy();
    expect(view.api.callsTo(E.teamsAdd)).toHaveLength(0);
    fireEvent.change(form.getByLabelText('团队名称'), { target: { value: '销售二组' } });
    expect(await sentJson(view, form, '添加', '已添加', E.teamsAdd)).toEqual({ name: '销售二组' });
  });

  it('renames a team and shows a refusal', async () => {
    const view = await open({
      teamsList: ok([{ id: 1, name: '销售一组', members: 3 }]),
      teamsUpdate: fail('团队不存在'),
    });
    const row = await rowOf('销售一组');
    await tap(row.getByRole('button', { name: '编辑' }));
    fireEvent.change(row.getByLabelText('团队名称'), { target: { value: '精英组' } });
    expect(await sentJson(view, row, '保存', '团队不存在', E.teamsUpdate)).toEqual({
      id: 1,
      name: '精英组',
    });
  });
});
