import * as E from '@crm/domain/endpoints/cases';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, network, ok, on } from '../../../test/fake-api.ts';
import { anAppeal, findFieldError, findToast, pageOf, renderPage, tap } from '../../../test/page.ts';

describe('/business/appeal', () => {
  it('lists my appeals with their decision', async () => {
    await renderPage('/business/appeal', {
      api: [on(E.appeal, ok(pageOf([anAppeal({ status: 'refused', decision_reason: '流水不足' })])))],
    });
    const row = await screen.findByRole('link', { name: /陈美玲/ });
    expect(row.textContent).toContain('已驳回');
    expect(row.textContent).toContain('处理意见：流水不足');
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
  });

  it('says so when there are no appeals', async () => {
    await renderPage('/business/appeal', { api: [on(E.appeal, ok(pageOf([])))] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows a failed list with a retry', async () => {
    const page = await renderPage('/business/appeal', { api: [on(E.appeal, network.httpError(502))] });
    await page.retryFailedList(network.message, E.appeal, ok(pageOf([anAppeal()])));
    expect(await screen.findByRole('link', { name: /陈美玲/ })).toBeTruthy();
  });

  it('appeals the case named in the address with the reason typed', async () => {
    const page = await renderPage('/business/appeal?client_id=11', {
      api: [on(E.appeal, ok(pageOf([]))), on(E.addAppeal, ok({ id: 4 }, '申诉已提交'))],
    });
    fireEvent.change(await screen.findByLabelText('申诉理由'), { target: { value: '客户已补充流水' } });
    expect(await page.sentFields('提交', '申诉已提交', E.addAppeal)).toEqual({
      client_id: '11',
      reason: '客户已补充流水',
    });
  });

  it('asks for a reason before sending, and shows a refusal', async () => {
    const page = await renderPage('/business/appeal?client_id=11', {
      api: [on(E.appeal, ok(pageOf([]))), on(E.addAppeal, fail('该报单已有待审核的申诉'))],
    });
    await tap(await screen.findByRole('button', { name: '提交' }));
    const message = await findFieldError('申诉理由');
    expect(message.textContent).toBe('请填写原因');
    expect(await findToast('请填写原因')).toBeTruthy();
    expect(page.api.callsTo(E.addAppeal)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('申诉理由'), { target: { value: '再申诉' } });
    // The message goes as soon as the reason is typed.
    await waitFor(() => expect(message.isConnected).toBe(false));
    expect(await page.sentFields('提交', '该报单已有待审核的申诉', E.addAppeal)).toEqual({
      client_id: '11',
      reason: '再申诉',
    });
  });
});
