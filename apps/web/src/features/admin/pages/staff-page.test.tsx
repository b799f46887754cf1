import type { HandoverAnswer } from '@crm/domain/api/handover';
import * as E from '@crm/domain/endpoints/admin';
import * as H from '@crm/domain/endpoints/handover';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, sentJson, tapToToast } from '../test-kit.ts';
import { aStaff, aWhoami, page } from '../../../test/admin-data.ts';
import { answersOf, fail, failField, findToast, network, ok, on, tap, type AnswersOf } from '../../../test/page.ts';

const teams = ok([
  { id: 1, name: '销售一组', members: 3 },
  { id: 2, name: '销售二组', members: 0 },
]);
/** The staff page's calls: the admin endpoints and the handover's, by their contract names. */
const STAFF_CALLS = { ...E, ...H };
const open = (api: AnswersOf<typeof STAFF_CALLS>, whoami = ok(aWhoami())) =>
  openAdmin('/admin/staff', answersOf(STAFF_CALLS, { teamsList: teams, ...api }), whoami);
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('/admin/staff', () => {
  it('lists the staff with team, jobs, leader flag, sex and grants, in the desktop frame with its sidebar', async () => {
    await open({
      staffList: page([
        aStaff({ grants: ['sign.reject.approve'] }),
        aStaff({
          id: 8,
          name: '李组长',
          team_name: null,
          team_id: null,
          jobs: [2, 3],
          is_leader: true,
          sex: 2,
          is_active: false,
        }),
      ]),
    });
    const wang = within(await rowOf('王小明'));
    expect(wang.getByText('销售一组')).toBeTruthy();
    expect(wang.getByText('驳回审批')).toBeTruthy();
    expect(wang.getByRole('button', { name: '取消驳回审批' })).toBeTruthy();
    const li = within(await rowOf('李组长'));
    expect(li.getByText('签约、客服')).toBeTruthy();
    expect(li.getByText('未分组')).toBeTruthy();
    expect(li.getByText('女')).toBeTruthy();
    expect(li.getByText('已停用')).toBeTruthy();
    expect(li.getByRole('button', { name: '启用' })).toBeTruthy();
    const nav = within(screen.getByRole('navigation', { name: '管理后台' }));
    expect(nav.getByRole('link', { name: '员工' }).getAttribute('href')).toBe('/admin/staff');
    expect(nav.getByRole('link', { name: '审计日志' })).toBeTruthy();
    // The companies page is the platform admin's, not a company admin's.
    expect(nav.queryByRole('link', { name: '公司' })).toBeNull();
    // A desktop browser is not sent to "open in WeChat".
    expect(screen.queryByText('请在微信内打开页面')).toBeNull();
  });

  it('says so when there is nobody yet', async () => {
    await open({ staffList: page([]) });
    expect(await screen.findByText('没有员工')).toBeTruthy();
  });

  it('shows the server refusal of the list', async () => {
    await open({ staffList: fail('仅公司管理员可使用后台管理', 403) });
    expect((await screen.findByText('仅公司管理员可使用后台管理')).closest('[role="alert"]')).not.toBeNull();
  });

  it('shows a failed load with a retry that loads again', async () => {
    const view = await open({ staffList: network.httpError(500) });
    await view.retryFailedLoad(network.message, E.staffList, page([aStaff()]));
    expect(await screen.findByText('王小明')).toBeTruthy();
  });

  it('tells a staff member without the admin grant why there is nothing to see', async () => {
    await open({ staffList: page([aStaff()]) }, ok(aWhoami({ company_admin: false })));
    expect(await screen.findByText('仅公司管理员可使用后台管理')).toBeTruthy();
    expect(screen.queryByText('王小明')).toBeNull();
  });

  it('adds a staff member with team, jobs, leader flag and sex, sent as JSON', async () => {
    const view = await open({
      staffList: page([]),
      staffAdd: ok(aStaff({ id: 9, name: '新同事' }), '已添加'),
    });
    const form = within(await screen.findByRole('region', { name: '添加员工' }));
    fill(form, { 姓名: '新同事', 手机号: '13912345601' });
    await screen.findByRole('option', { name: '销售二组' });
    fill(form, { 团队: '2', 性别: '2' });
    await tap(form.getByLabelText('客服'));
    await tap(form.getByLabelText('组长'));
    expect(await sentJson(view, form, '添加', '已添加', E.staffAdd)).toEqual({
      name: '新同事',
      phone: '13912345601',
      team_id: 2,
      jobs: [3],
      is_leader: true,
      sex: 2,
    });
  });

  it('refuses a bad phone before sending, and shows the server refusal of a taken one', async () => {
    const view = await open({
      staffList: page([]),
      staffAdd: failField('phone', '该手机号已是本公司员工'),
    });
    const form = within(await screen.findByRole('region', { name: '添加员工' }));
    fill(form, { 姓名: '新同事', 手机号: '123' });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByRole('alert')).toBeTruthy();
    expect(view.api.callsTo(E.staffAdd)).toHaveLength(0);
    fireEvent.change(form.getByLabelText('手机号'), { target: { value: '13912345601' } });
    await tapToToast(form, '添加', '该手机号已是本公司员工');
    // The refusal names the phone, so it also stands under that field, and what was typed stays.
    expect((await form.findByRole('alert')).textContent).toBe('该手机号已是本公司员工');
    expect(form.getByLabelText<HTMLInputElement>('手机号').value).toBe('13912345601');
  });

  it('grants and revokes the rejection approval, keeping the admin grant, and disables a person', async () => {
    const view = await open({
      staffList: page([aStaff(), aStaff({ id: 8, name: '李管理', grants: ['company.admin', 'sign.reject.approve'] })]),
      staffUpdate: ok(aStaff(), '已保存'),
    });
    await tap(within(await rowOf('王小明')).getByRole('button', { name: '授予驳回审批' }));
    expect(await findToast('已保存')).toBeTruthy();
    expect(view.api.lastCall(E.staffUpdate).json).toEqual({ id: 7, grants: ['sign.reject.approve'] });
    await tap(within(await rowOf('李管理')).getByRole('button', { name: '取消驳回审批' }));
    await expect.poll(() => view.api.lastCall(E.staffUpdate).json).toEqual({ id: 8, grants: ['company.admin'] });
    await tap(within(await rowOf('王小明')).getByRole('button', { name: '停用' }));
    await expect.poll(() => view.api.lastCall(E.staffUpdate).json).toEqual({ id: 7, is_active: false });
  });

  it('edits a person: team, jobs and the company-admin grant in one save', async () => {
    const view = await open({
      staffList: page([aStaff()]),
      staffUpdate: ok(aStaff(), '已保存'),
    });
    await tap(within(await rowOf('王小明')).getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '编辑员工：王小明' }));
    fireEvent.change(form.getByLabelText('团队'), { target: { value: '2' } });
    await tap(form.getByLabelText('房贷管家'));
    await tap(form.getByLabelText('公司管理员'));
    expect(await sentJson(view, form, '保存', '已保存', E.staffUpdate)).toEqual({
      id: 7,
      name: '王小明',
      team_id: 2,
      jobs: [2, 4],
      is_leader: false,
      sex: 1,
      grants: ['company.admin'],
    });
    await expect.poll(() => screen.queryByRole('region', { name: '编辑员工：王小明' })).toBeNull();
  });

  it('searches by name or phone', async () => {
    const view = await open({ staffList: page([aStaff()]) });
    await screen.findByText('王小明');
    fireEvent.change(screen.getByLabelText('按姓名或手机号查找'), { target: { value: '王' } });
    await tap(screen.getByRole('button', { name: '查找' }));
    await expect.poll(() => view.api.lastCall(E.staffList).query.q).toBe('王');
  });
});

describe('/admin/staff: 离职交接', () => {
  const answer = (over: Partial<HandoverAnswer> = {}): HandoverAnswer => ({
    id: 31,
    from: { id: 7, name: '郑离职' },
    to: { id: 1, name: '王小明' },
    to_pool: false,
    disabled: true,
    signed_out: 2,
    created_at: '2026-12-01T02:00:00.000Z',
    moved: {
      cases: 2,
      pooled_cases: 0,
      follow_ups: 1,
      repayments: 0,
      proof_rejections: 0,
      sign_tasks: 0,
      partners: 1,
      house_clients: 1,
      house_channels: 0,
      brokerage_users: 0,
      house_recommends: 0,
      wecom_contacts: 2,
    },
    unmoved: [
      { kind: 'follow_ups', kind_label: '待跟进', name: '沈国强', reason: '报单未随交接转给接手人，跟进已关闭' },
    ],
    wecom: {
      mode: 'employed',
      contacts: [
        { external_userid: 'wmDemoZheng001', errcode: 0, status: 0, status_label: '已发起，等待企业微信确认' },
      ],
    },
    ...over,
  });
  const staffPage = page([aStaff({ id: 1 }), aStaff({ id: 7, name: '郑离职', team_name: '销售二组' })]);

  it('hands a leaving member to a colleague after a confirmation, then shows the counts, the reasons and the report link', async () => {
    const view = await open({
      staffList: staffPage,
      handover: ok(answer(), '已交接'),
      handoverResult: ok(
        answer({
          wecom: {
            mode: 'employed',
            contacts: [{ external_userid: 'wmDemoZheng001', errcode: 0, status: 1, status_label: '接替完毕' }],
          },
        }),
      ),
    });
    await tap(within(await rowOf('郑离职')).getByRole('button', { name: '离职交接' }));
    const form = within(await screen.findByRole('region', { name: '交接：郑离职' }));
    // Nothing chosen: said under the field, nothing sent.
    await tap(form.getByRole('button', { name: '确认交接' }));
    expect(await form.findByText('请选择接手的同事或退回公海')).toBeTruthy();
    expect(view.api.callsTo(H.handover)).toHaveLength(0);
    // The person is not offered as their own heir.
    expect(form.queryByRole('option', { name: '郑离职（销售二组）' })).toBeNull();
    fireEvent.change(form.getByLabelText('接手的同事'), { target: { value: '1' } });
    expect(form.getByLabelText<HTMLInputElement>('停用该员工（离职）').checked).toBe(true);
    await tap(form.getByRole('button', { name: '确认交接' }));
    expect(
      await screen.findByText('确定把 郑离职 手中的全部客户交给 王小明，并停用该员工？此操作不能撤销。'),
    ).toBeTruthy();
    await tap(screen.getAllByRole('button', { name: '交接' }).at(-1) as HTMLElement);
    const done = within(await screen.findByRole('region', { name: '郑离职 已交接给 王小明' }));
    expect(view.api.lastCall(H.handover).json).toEqual({
      from_id: 7,
      to_id: 1,
      to_pool: false,
      disable: true,
    });
    expect(done.getByText('已停用，已退出登录 2 处')).toBeTruthy();
    const moved = within(done.getByRole('table', { name: '已转移' }));
    expect(within(moved.getByText('分期报单').closest('tr') as HTMLElement).getByText('2')).toBeTruthy();
    expect(done.getByText('报单未随交接转给接手人，跟进已关闭')).toBeTruthy();
    expect(done.getByText('wmDemoZheng001：已发起，等待企业微信确认')).toBeTruthy();
    // The report downloads through fetch with the session: a refusal or a lost network is a Chinese toast,
    // never the envelope opened as a page.
    view.api.set([on(H.handoverReport, fail('交接记录不存在'))]);
    await tap(done.getByRole('button', { name: '下载交接报告（Excel）' }));
    expect(await findToast('交接记录不存在')).toBeTruthy();
    expect(view.api.lastCall(H.handoverReport).query).toEqual({ id: '31' });
    view.api.set([on(H.handoverReport, network.offline())]);
    await tap(done.getByRole('button', { name: '下载交接报告（Excel）' }));
    expect(await findToast(network.message)).toBeTruthy();
    await tap(done.getByRole('button', { name: '刷新接替状态' }));
    expect(await done.findByText('wmDemoZheng001：接替完毕')).toBeTruthy();
  });

  it('shows the server refusal under the colleague field and keeps the form', async () => {
    await open({
      staffList: staffPage,
      handover: failField('to_id', '接手的同事不存在或已停用'),
    });
    await tap(within(await rowOf('郑离职')).getByRole('button', { name: '交接' }));
    const form = within(await screen.findByRole('region', { name: '交接：郑离职' }));
    expect(form.getByLabelText<HTMLInputElement>('停用该员工（离职）').checked).toBe(false);
    fireEvent.click(form.getByLabelText('报单退回公海（其余仍交给上面选的同事）'));
    await tap(form.getByRole('button', { name: '确认交接' }));
    expect(await screen.findByText('确定把 郑离职 手中的全部客户交给 公海？此操作不能撤销。')).toBeTruthy();
    await tap(screen.getAllByRole('button', { name: '交接' }).at(-1) as HTMLElement);
    expect(await form.findByText('接手的同事不存在或已停用')).toBeTruthy();
    expect(form.getByRole('button', { name: '确认交接' })).toBeTruthy();
  });
});
