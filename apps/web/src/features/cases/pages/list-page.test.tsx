import * as E from '@crm/domain/endpoints/cases';
import * as EOwnership from '@crm/domain/endpoints/ownership';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failField, loadFailureCases, network, ok, on } from '../../../test/fake-api.ts';
import { aCase, findRowLink, findToast, LEADER, pageOf, renderPage, tap } from '../../../test/page.ts';

describe('/business/list', () => {
  it('lists my cases with status and amount, and links each to its detail', async () => {
    const page = await renderPage('/business/list', {
      api: [on(E.clientList, ok({ list: [aCase()], next_cursor: null }))],
    });
    await findRowLink(/陈美玲/, '/business/detail/11', '签约中', '¥50,000.00 · 36 期');
    expect(page.api.lastCall(E.clientList).fields).toMatchObject({ status: '0', keyword: '', cursor: '' });
  });

  it('marks the open cases whose client has not consented, not the closed ones (decision 073)', async () => {
    await renderPage('/business/list', {
      api: [
        on(
          E.clientList,
          ok(
            pageOf([
              aCase({ id: 1, name: '甲客户', consent: false, status: 1 }),
              aCase({ id: 2, name: '乙客户', consent: true, status: 1 }),
              aCase({ id: 3, name: '丙客户', consent: false, status: 8 }),
            ]),
          ),
        ),
      ],
    });
    const marked = (name: RegExp) => screen.findByRole('link', { name });
    expect((await marked(/甲客户/)).textContent).toContain('未授权');
    expect((await marked(/乙客户/)).textContent).not.toContain('未授权');
    expect((await marked(/丙客户/)).textContent).not.toContain('未授权');
  });

  it('lists only my own cases when the member parameters are not a valid member', async () => {
    const page = await renderPage('/business/list?scope=team&owner=abc&name=x', {
      api: [on(E.clientList, ok({ list: [], next_cursor: null }))],
    });
    await screen.findByText('暂无数据');
    expect(screen.queryByText('x 的报单')).toBeNull();
    expect(page.api.lastCall(E.clientList).fields).not.toHaveProperty('owner_id');
  });

  it('says so when there are no cases', async () => {
    await renderPage('/business/list', { api: [on(E.clientList, ok({ list: [], next_cursor: null }))] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it.each([...loadFailureCases('登录已过期，请重新登录'), ['no network', network.offline(), network.message]])(
    'shows %s with a retry that asks again',
    async (_name, reply, message) => {
      const page = await renderPage('/business/list', { api: [on(E.clientList, reply)] });
      await page.retryFailedList(message, E.clientList, ok(pageOf([aCase({ name: '李雷' })])));
      expect(await screen.findByRole('link', { name: /李雷/ })).toBeTruthy();
    },
  );

  it('searches by the keyword typed', async () => {
    const page = await renderPage('/business/list', {
      api: [on(E.clientList, ok({ list: [], next_cursor: null }))],
    });
    await screen.findByText('暂无数据');
    const box = screen.getByPlaceholderText('搜索姓名或手机尾号');
    fireEvent.change(box, { target: { value: ' 5678 ' } });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await screen.findByText('暂无数据');
    await expect.poll(() => page.api.lastCall(E.clientList).fields.keyword).toBe('5678');
  });
});

describe('/business/list?scope=team: the leader moves cases (批量转移, decision 066)', () => {
  const targets = (acrossTeams = false) =>
    ok({
      across_teams: acrossTeams,
      list: [
        { id: 7, name: '王小明', team: '一组' },
        { id: 8, name: '李四', team: acrossTeams ? '二组' : '一组' },
      ],
    });
  const cases = ok(pageOf([aCase({ id: 11, name: '陈美玲' }), aCase({ id: 12, name: '李雷' })]));

  it('chooses cases, a colleague and a reason, confirms, and shows the ones that did not move', async () => {
    const page = await renderPage('/business/list?scope=team', {
      user: LEADER,
      api: [
        on(E.clientList, cases),
        on(EOwnership.reassignTargets, targets()),
        on(
          EOwnership.reassign,
          ok({ moved: 1, skipped: [{ id: 12, reason: '报单在公海中，请从公海领取' }] }, '已转移'),
        ),
      ],
    });
    expect(await screen.findByText('团队报单')).toBeTruthy();
    expect(page.api.lastCall(E.clientList).fields).toMatchObject({ scope: 'team' });
    await tap(screen.getByRole('button', { name: '批量转移' }));
    await tap(screen.getByRole('checkbox', { name: '选择 陈美玲' }));
    await tap(screen.getByRole('checkbox', { name: '选择 李雷' }));
    await tap(screen.getByRole('button', { name: '转移所选（2）' }));
    expect(await screen.findByText('转移 2 个报单')).toBeTruthy();
    // Nothing chosen: the message is under the field, and nothing is sent.
    await tap(screen.getByRole('button', { name: '确认转移' }));
    expect(await screen.findByText('请选择接手人')).toBeTruthy();
    await tap(screen.getByText('李四'));
    fireEvent.change(screen.getByPlaceholderText('如：王小明休假，由李四跟进'), { target: { value: '王小明休假' } });
    await tap(screen.getByRole('button', { name: '确认转移' }));
    expect(await screen.findByText('确定把 2 个报单转给 李四 吗？原跟进人将不能再查看。')).toBeTruthy();
    expect(page.api.callsTo(EOwnership.reassign)).toHaveLength(0);
    await tap(screen.getAllByRole('button', { name: '确认转移' }).at(-1) as HTMLElement);
    expect(await findToast('已转移 1 个，1 个未转移')).toBeTruthy();
    expect(page.api.lastCall(EOwnership.reassign).fields).toEqual({ ids: '11,12', to_id: '8', reason: '王小明休假' });
    expect(await screen.findByText('未转移：报单在公海中，请从公海领取')).toBeTruthy();
  });

  it('names the team beside each colleague for the company admin, and shows a refusal under the field', async () => {
    const page = await renderPage('/business/list?scope=team', {
      user: LEADER,
      api: [
        on(E.clientList, cases),
        on(EOwnership.reassignTargets, targets(true)),
        on(EOwnership.reassign, failField('to_id', '接手人须是本团队成员')),
      ],
    });
    await tap(await screen.findByRole('button', { name: '批量转移' }));
    await tap(screen.getByRole('checkbox', { name: '选择 陈美玲' }));
    await tap(screen.getByRole('button', { name: '转移所选（1）' }));
    await tap(await screen.findByText('李四（二组）'));
    fireEvent.change(screen.getByPlaceholderText('如：王小明休假，由李四跟进'), { target: { value: '调岗' } });
    await tap(screen.getByRole('button', { name: '确认转移' }));
    await tap((await screen.findAllByRole('button', { name: '确认转移' })).at(-1) as HTMLElement);
    expect((await screen.findByRole('alert')).textContent).toBe('接手人须是本团队成员');
    expect(page.api.callsTo(EOwnership.reassign)).toHaveLength(1);
  });

  it('offers no bulk move to a salesperson, nor on my own list', async () => {
    await renderPage('/business/list', { api: [on(E.clientList, cases)] });
    await screen.findByRole('link', { name: /陈美玲/ });
    expect(screen.queryByRole('button', { name: '批量转移' })).toBeNull();
  });
});
