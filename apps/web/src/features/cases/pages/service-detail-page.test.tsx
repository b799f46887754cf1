import * as E from '@crm/domain/endpoints/cases';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, on } from '../../../test/fake-api.ts';
import { aServiceItem, confirmOpenPicker, findToast, pageOf, renderPageWith, tap } from '../../../test/page.ts';

const SERVICE_USER = { id: 30, job: [3], leader: false, name: '客服小周' };
const STAFF = [
  { id: 7, name: '王小明' },
  { id: 8, name: '李娜' },
];
const oneRequest = (over: Parameters<typeof aServiceItem>[0] = {}) =>
  ok({ ...pageOf([aServiceItem(over)]), staff_options: STAFF });
/** The request's page as the customer-service user sees it, its one request pending unless a test says otherwise. */
const openRequest = renderPageWith('/business/service_detail/21', {
  user: SERVICE_USER,
  api: [on(E.service, oneRequest())],
});

describe('/business/service_detail/:id', () => {
  it('transfers the case to the salesperson picked, with the reason typed', async () => {
    const page = await openRequest([on(E.serviceTransfer, ok(null, '已转交'))]);
    expect(await screen.findByRole('link', { name: '陈美玲' })).toBeTruthy();
    expect(page.api.lastCall(E.service).query).toMatchObject({ id: '21' });
    // The current owner is not offered: the only choice is 李娜.
    await tap(document.getElementById('transfer-staff') as HTMLElement);
    const sheet = (await screen.findByText('取消')).closest('.adm-picker') as HTMLElement;
    expect(within(sheet).queryByText('王小明')).toBeNull();
    await confirmOpenPicker();
    expect(await screen.findByText('李娜')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('例如：原业务员休假'), { target: { value: '原业务员休假' } });
    const backToList = { movesTo: '/business/service' };
    expect(await page.sentFields('转交给其他业务员', '已转交', E.serviceTransfer, backToList)).toEqual({
      id: '21',
      to_staff_id: '8',
      reason: '原业务员休假',
    });
  });

  it('asks for the salesperson before sending', async () => {
    const page = await openRequest();
    await tap(await screen.findByRole('button', { name: '转交给其他业务员' }));
    expect(await findToast('请选择接手的业务员')).toBeTruthy();
    expect(page.api.callsTo(E.serviceTransfer)).toHaveLength(0);
  });

  it('offers no transfer once the request is handled', async () => {
    await openRequest([on(E.service, oneRequest({ status: 'transferred', transfer_reason: '休假' }))]);
    expect(await screen.findByText('已转交')).toBeTruthy();
    expect(screen.getByText('休假')).toBeTruthy();
    // The row of the request's state is labelled 状态, not the list filter's 全部.
    expect(screen.getByText('状态')).toBeTruthy();
    expect(screen.queryByText('全部')).toBeNull();
    expect(screen.queryByRole('button', { name: '转交给其他业务员' })).toBeNull();
  });

  it('says so when the request is not found', async () => {
    await openRequest([on(E.service, ok({ ...pageOf([]), staff_options: [] }))]);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });

  it('shows a refusal', async () => {
    await openRequest([on(E.service, fail('仅客服可查看'))]);
    expect(await screen.findByText('仅客服可查看')).toBeTruthy();
  });

  it('offers a retry when the request failed to load', async () => {
    const page = await openRequest([on(E.service, fail('稍后再试'))]);
    await page.retryFailedLoad('稍后再试', E.service, oneRequest());
    expect(await screen.findByRole('link', { name: '陈美玲' })).toBeTruthy();
  });
});
