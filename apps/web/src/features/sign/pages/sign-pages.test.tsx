import * as E from '@crm/domain/endpoints/sign';
import * as ECases from '@crm/domain/endpoints/cases';
import type { SignDetail, SignTask } from '@crm/domain/api/sign';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decisionFields } from '../../../test/factories.ts';
import { fail, findToast, network, ok, on, pageOf, renderPage, renderPageWith, tap } from '../../../test/page.ts';

const SIGNER = { id: 20, job: [2], leader: false, name: '签约员小何' };
const APPROVER = { id: 29, job: [2], leader: false, name: '审批人' };

const aTask = (over: Partial<SignTask> = {}): SignTask => ({
  id: 121,
  kind: 'case',
  client_id: 11,
  client_name: '陈美玲',
  client_phone: '139****5678',
  status: 'open',
  signer_id: null,
  signer_name: null,
  appointment_at: null,
  place: '工商银行静安支行',
  outcome_note: null,
  wecom_sp_no: null,
  created_at: '2026-11-05T00:00:00.000Z',
  ...over,
});
const aSignDetail = (over: Partial<SignDetail> = {}): SignDetail => ({
  ...aTask({ status: 'taken', signer_id: 20, signer_name: '签约员小何', client_phone: '13912345678' }),
  bank: '工商银行',
  loan_amount_fen: null,
  events: [
    {
      actor_name: '签约员小何',
      from_status: 'open',
      to_status: 'taken',
      reason: '',
      created_at: '2026-11-05T01:00:00.000Z',
    },
  ],
  ...over,
});

/** The signer's list of the centre's open tasks. */
const openCentreTasks = renderPageWith('/sign/list/20/1', { user: SIGNER });

describe('/sign/list/:userid/:flag', () => {
  it('shows the open tasks of the centre and takes one', async () => {
    const page = await openCentreTasks([on(E.taskList, ok(pageOf([aTask()]))), on(E.takeTask, ok({ id: 121 }))]);
    expect(await screen.findByText('陈美玲')).toBeTruthy();
    expect(screen.getByText('分期签约 · 139****5678')).toBeTruthy();
    expect(page.api.lastCall(E.taskList).fields).toMatchObject({ userid: '20', flag: '1', cursor: '' });
    expect(await page.sentFields('领取', '领取成功', E.takeTask)).toEqual({ id: '121' });
  });

  it("opens a task's record from its row", async () => {
    const page = await openCentreTasks([on(E.taskList, ok(pageOf([aTask()]))), on(E.sign, ok(aSignDetail()))]);
    // The whole row is the link, its facts and chevron too, not only the name.
    const row = await screen.findByRole('link', { name: /陈美玲/ });
    expect(row.textContent).toContain('分期签约 · 139****5678');
    expect(row.querySelector('.row-link__chevron')).not.toBeNull();
    await tap(row);
    await expect.poll(page.pathname).toBe('/sign/update/121');
  });

  it('says when a task was taken first by someone else', async () => {
    await openCentreTasks([on(E.taskList, ok(pageOf([aTask()]))), on(E.takeTask, fail('该任务已被领取'))]);
    await tap(await screen.findByRole('button', { name: '领取' }));
    expect(await findToast('该任务已被领取')).toBeTruthy();
  });

  it('lets the signer record the outcome of their own taken task only', async () => {
    const page = await renderPage('/sign/list/20/2', {
      user: SIGNER,
      api: [
        on(
          E.taskList,
          ok(
            pageOf([
              aTask({ status: 'taken', signer_id: 20, signer_name: '签约员小何' }),
              aTask({ id: 122, client_name: '李雷', status: 'taken', signer_id: 21, signer_name: '别人' }),
            ]),
          ),
        ),
        on(E.sign, ok(aSignDetail())),
      ],
    });
    await screen.findByText('李雷');
    expect(screen.getAllByRole('button', { name: '登记结果' })).toHaveLength(1);
    await tap(screen.getByRole('button', { name: '登记结果' }));
    await expect.poll(page.pathname).toBe('/sign/update/121');
  });

  it("offers the take of an open task a salesperson chose this signer for, in the signer's own list", async () => {
    const page = await renderPage('/sign/list/20/2', {
      user: SIGNER,
      api: [on(E.taskList, ok(pageOf([aTask()]))), on(E.takeTask, ok({ id: 121 }))],
    });
    await tap(await screen.findByRole('button', { name: '领取' }));
    expect(await findToast('领取成功')).toBeTruthy();
    expect(page.api.lastCall(E.takeTask).fields).toEqual({ id: '121' });
  });

  it("offers no take in a colleague's list the leader is looking at", async () => {
    await renderPage('/sign/list/21/2', { user: SIGNER, api: [on(E.taskList, ok(pageOf([aTask()])))] });
    expect(await screen.findByText('陈美玲')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '领取' })).toBeNull();
  });

  it('says so when there are no tasks, and shows a refusal with a retry', async () => {
    const page = await openCentreTasks([on(E.taskList, network.httpError(500))]);
    await page.retryFailedList(network.message, E.taskList, ok(pageOf([])));
    expect(await screen.findByText('暂无任务')).toBeTruthy();
  });
});

/** Task 121's record as its signer sees it. */
const openTask = renderPageWith('/sign/update/121', { user: SIGNER });

describe('/sign/update/:id', () => {
  it('records a signed task only after an explicit choice and a confirmation', async () => {
    const page = await openTask([on(E.sign, ok(aSignDetail())), on(E.updateTask, ok({ id: 121 }))]);
    expect(await screen.findByText('陈美玲 · 待签约')).toBeTruthy();
    expect(screen.getByText('工商银行')).toBeTruthy();
    // Nothing is preselected: submitting without a choice asks for one.
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('请选择签约结果')).toBeTruthy();
    await tap(screen.getByText('已签约'));
    await tap(screen.getByRole('button', { name: '提交' }));
    await screen.findByText('确定登记为已签约吗？报单将进入审批中。');
    expect(page.api.callsTo(E.updateTask)).toHaveLength(0);
    expect(await page.sentFields('确定', '已登记', E.updateTask)).toEqual({
      id: '121',
      outcome: 'signed',
      note: '',
    });
    expect(page.api.callsTo(E.wxWorkApprove)).toHaveLength(0);
  });

  it("names the client, the task's kind, and opens the case from the task", async () => {
    const page = await openTask([on(E.sign, ok(aSignDetail())), on(ECases.detail, fail('报单不存在'))]);
    expect(await screen.findByText('分期签约')).toBeTruthy();
    expect(screen.getAllByText('陈美玲').length).toBeGreaterThan(0);
    await tap(screen.getByRole('link', { name: '查看报单' }));
    await waitFor(() => expect(page.pathname()).toBe('/business/detail/11'));
  });

  it("masks the client's phone for the holder too; 查看 asks the server (which logs it) and offers the call", async () => {
    const page = await openTask([
      on(E.sign, ok(aSignDetail({ client_phone: '139****5678' }))),
      on(E.revealTaskPhone, ok({ value: '13912345678' })),
    ]);
    expect(await screen.findByText('139****5678', { selector: '.masked-value span' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '13912345678' })).toBeNull();
    await tap(screen.getByRole('button', { name: '查看完整手机号' }));
    expect((await screen.findByRole('link', { name: '13912345678' })).getAttribute('href')).toBe('tel:13912345678');
    expect(page.api.lastCall(E.revealTaskPhone).fields).toEqual({ id: '121' });
  });

  it('offers no 查看 on a task still in the pool: its holder reveals the phone', async () => {
    await openTask([on(E.sign, ok(aSignDetail({ status: 'open', client_phone: '139****5678' })))]);
    expect(await screen.findByText('分期签约')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看完整手机号' })).toBeNull();
  });

  it('offers no 查看报单 on a task still in the pool: its case opens to whoever takes it (decision 065)', async () => {
    await openTask([on(E.sign, ok(aSignDetail({ status: 'open', client_phone: '139****5678' })))]);
    expect(await screen.findByText('分期签约')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '查看报单' })).toBeNull();
  });

  it('asks the reason of a rejection, then records it and sends it to WeCom approval', async () => {
    const page = await openTask([
      on(E.sign, ok(aSignDetail())),
      on(E.updateTask, ok({ id: 121 })),
      on(E.wxWorkApprove, ok({ sp_no: 'SP202611050001' })),
    ]);
    await tap(await screen.findByText('拒签'));
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('拒签须填写原因')).toBeTruthy();
    expect(page.api.callsTo(E.updateTask)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('说明'), { target: { value: '客户未到场' } });
    await tap(screen.getByRole('button', { name: '提交' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await findToast('已发起企业微信审批（SP202611050001）')).toBeTruthy();
    expect(page.api.lastCall(E.updateTask).fields).toEqual({
      id: '121',
      outcome: 'rejected',
      note: '客户未到场',
    });
    expect(page.api.lastCall(E.wxWorkApprove).fields).toEqual({ id: '121' });
  });

  it('offers no form once the task is signed', async () => {
    await openTask([on(E.sign, ok(aSignDetail({ status: 'signed' })))]);
    expect(await screen.findByText('陈美玲 · 已签约')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('shows a refusal of the task', async () => {
    await openTask([on(E.sign, fail('任务不存在'))]);
    expect(await screen.findByText('任务不存在')).toBeTruthy();
  });

  it('offers a retry when the task failed to load', async () => {
    const page = await openTask([on(E.sign, network.httpError(502))]);
    await page.retryFailedLoad(network.message, E.sign, ok(aSignDetail()));
    expect(await screen.findByRole('button', { name: '提交' })).toBeTruthy();
  });
});

describe('/sign/reject', () => {
  const rejected = aTask({ status: 'rejected', signer_id: 20, signer_name: '签约员小何', outcome_note: '客户未到场' });

  /** The rejections page as the approver sees it: `rejected` waiting, unless `api` answers otherwise. */
  const renderRejections = renderPageWith('/sign/reject', {
    user: APPROVER,
    api: [on(E.taskList, ok(pageOf([rejected])))],
  });

  it('lists the rejections waiting and confirms one', async () => {
    const page = await renderRejections([on(E.auditSignReject, ok({ id: 121 }))]);
    expect(await screen.findByText('客户未到场')).toBeTruthy();
    expect(page.api.lastCall(E.taskList).fields).toMatchObject({ flag: '3' });
    await tap(screen.getByRole('button', { name: '同意拒签' }));
    expect(await page.confirmedFields('确定同意该拒签吗？客户将标记为签约失败。', '已处理', E.auditSignReject)).toEqual(
      decisionFields('121', 'approve'),
    );
  });

  it('sends one back with the reason typed, and shows a refusal', async () => {
    const page = await renderRejections([on(E.auditSignReject, fail('退回须填写原因'))]);
    fireEvent.change(await screen.findByLabelText('意见'), { target: { value: '再约一次' } });
    expect(await page.sentFields('退回重签', '退回须填写原因', E.auditSignReject)).toEqual(
      decisionFields('121', 'refuse', '再约一次'),
    );
  });

  it('says so when nothing waits, and shows a failure with a retry', async () => {
    const page = await renderRejections([on(E.taskList, fail('仅审批人可查看'))]);
    await page.retryFailedList('仅审批人可查看', E.taskList, ok(pageOf([])));
    expect(await screen.findByText('暂无待审批的拒签')).toBeTruthy();
  });
});

describe('/sign/house', () => {
  it('shows the open bank signings and takes one; my own are on the other tab', async () => {
    const page = await renderPage('/sign/house', {
      user: SIGNER,
      api: [
        on(E.taskList, (call) =>
          call.fields.flag === '1'
            ? ok(pageOf([aTask({ kind: 'house', client_name: '赵磊' })]))
            : ok(pageOf([aTask({ id: 123, kind: 'house', client_name: '钱多', status: 'taken', signer_id: 20 })])),
        ),
        on(E.takeTask, ok({ id: 121 })),
      ],
    });
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(page.api.callsTo(E.taskList).map((call) => call.fields.kind)).toEqual(['house', 'house']);
    expect(await page.sentFields('领取', '领取成功', E.takeTask)).toEqual({ id: '121' });
    await tap(screen.getByText('我的房贷签约'));
    const mine = await screen.findByText('钱多');
    expect(
      within(mine.closest('.adm-list-item') as HTMLElement).getByRole('button', { name: '登记结果' }),
    ).toBeTruthy();
  });

  it('says so when there are none, and shows a failure with a retry', async () => {
    const page = await renderPage('/sign/house', { user: SIGNER, api: [on(E.taskList, fail('服务繁忙'))] });
    await page.retryFailedList('服务繁忙', E.taskList, ok(pageOf([])));
    expect(await screen.findByText('暂无任务')).toBeTruthy();
  });
});
