import * as E from '@crm/domain/endpoints/cases';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  answersOf,
  anAppeal,
  fail,
  failField,
  findFieldError,
  LEADER,
  ok,
  pageOf,
  renderPageWith,
  tap,
} from '../../../test/page.ts';

/** The team's appeals as the leader sees them: one open appeal, unless `api` answers otherwise. */
const renderAppeals = renderPageWith('/team/appeal', {
  user: LEADER,
  api: answersOf(E, { teamAppeal: ok(pageOf([anAppeal()])) }),
});

describe('/team/appeal', () => {
  it("lists the team's open appeals with who appealed", async () => {
    const page = await renderAppeals();
    expect(await screen.findByText('陈美玲 · 签约失败')).toBeTruthy();
    expect(screen.getByText('申诉人：王小明')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(page.api.lastCall(E.teamAppeal).query).toMatchObject({ status: 'open' });
  });

  it('says so when nothing waits, and asks for all on the 全部 tab', async () => {
    const page = await renderAppeals(answersOf(E, { teamAppeal: ok(pageOf([])) }));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
    await tap(screen.getByText('全部'));
    await expect.poll(() => page.api.lastCall(E.teamAppeal).query.status).toBe('all');
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderAppeals(answersOf(E, { teamAppeal: fail('仅组长可查看') }));
    await page.retryFailedList('仅组长可查看', E.teamAppeal, ok(pageOf([anAppeal()])));
    expect(await screen.findByText('陈美玲 · 签约失败')).toBeTruthy();
  });

  it('approves an appeal after confirmation', async () => {
    const page = await renderAppeals(answersOf(E, { auditAppeal: ok(null, '已通过申诉') }));
    await tap(await screen.findByRole('button', { name: '通过' }));
    expect(
      await page.confirmedFields('确定通过「陈美玲」的申诉吗？报单将重新进入流程。', '已通过申诉', E.auditAppeal),
    ).toEqual({
      id: '3',
      result: 'approved',
      reason: '',
    });
  });

  it("shows the server's refusal of the reason under it, and keeps the sheet open (issue 39)", async () => {
    await renderAppeals(answersOf(E, { auditAppeal: failField('reason', '驳回原因不能只写标点') }));
    await tap(await screen.findByRole('button', { name: '驳回' }));
    fireEvent.change(await screen.findByPlaceholderText('请填写驳回原因'), { target: { value: '。。' } });
    await tap(screen.getByRole('button', { name: '确定' }));
    expect((await findFieldError('驳回原因')).textContent).toBe('驳回原因不能只写标点');
    expect(screen.getByPlaceholderText<HTMLTextAreaElement>('请填写驳回原因').value).toBe('。。');
  });

  it("refuses an appeal with the reason typed, and shows the server's refusal", async () => {
    const page = await renderAppeals(answersOf(E, { auditAppeal: fail('该申诉已处理') }));
    await tap(await screen.findByRole('button', { name: '驳回' }));
    fireEvent.change(await screen.findByPlaceholderText('请填写驳回原因'), { target: { value: ' 流水不足 ' } });
    expect(await page.sentFields('确定', '该申诉已处理', E.auditAppeal)).toEqual({
      id: '3',
      result: 'refused',
      reason: '流水不足',
    });
  });
});
