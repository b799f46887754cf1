import * as E from '@crm/domain/endpoints/cases';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCase, fail, ok, on, pageOf, renderPage } from '../../../test/page.ts';

describe('/business/reject', () => {
  it('asks only for signing failures and lists them to correct', async () => {
    const page = await renderPage('/business/reject', {
      api: [on(E.clientList, ok(pageOf([aCase({ status: 2 })])))],
    });
    const row = await screen.findByRole('link', { name: /陈美玲/ });
    expect(await screen.findByText('以下报单签约失败，修改资料后可重新提交')).toBeTruthy();
    expect(row.textContent).toContain('签约失败');
    expect(page.api.lastCall(E.clientList).fields).toMatchObject({ status: '2' });
  });

  it('says so when nothing was rejected', async () => {
    await renderPage('/business/reject', { api: [on(E.clientList, ok(pageOf([])))] });
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderPage('/business/reject', { api: [on(E.clientList, fail('服务繁忙'))] });
    await page.retryFailedList('服务繁忙', E.clientList, ok(pageOf([aCase({ status: 2 })])));
    expect(await screen.findByRole('link', { name: /陈美玲/ })).toBeTruthy();
  });
});
