import * as E from '@crm/domain/endpoints/cases';
import * as EHouse from '@crm/domain/endpoints/house';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, network, ok, on, type CallTarget, type FakeReply, type ReplyData } from '../test/fake-api.ts';
import { aPendingDetail, findToast, pageOf, type PageView, renderPage, tap } from '../test/page.ts';

/*
 * The create forms on a weak network (decision 046): a submit that does not reach the server shows why and a
 * 重试 under the form; 重试 sends the same fields with the same Idempotency-Key, and what was typed stays.
 * The add-case form has its own in features/cases/pages/add-page.test.tsx.
 */

const typeInto = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

/** The retry block shows the network message; 重试, once `path` answers `reply`, sends the same call again. */
async function retryOnline<T extends CallTarget>(page: PageView, path: T, reply: FakeReply<ReplyData<T>>) {
  const block = (await screen.findByText(network.message)).closest('[role="alert"]') as HTMLElement;
  expect(block).not.toBeNull();
  page.api.set([on(path, reply)]);
  await tap(within(block).getByRole('button', { name: '重试' }));
  await expect.poll(() => page.api.callsTo(path).length).toBe(2);
  const [first, retry] = page.api.callsTo(path);
  expect(first?.headers['idempotency-key']).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(retry?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);
  expect(retry?.fields).toEqual(first?.fields);
}

describe('a create form submitted offline', () => {
  it('house channel: keeps the fields and 重试 adds the channel once online', async () => {
    const page = await renderPage('/business/houseChannelAdd', {
      api: [on(EHouse.addHouseChannel, network.offline()), on(EHouse.getHouseChannelList, fail('稍后'))],
    });
    await screen.findByRole('button', { name: '提交' });
    typeInto('如 链家静安寺店', '链家静安寺店');
    typeInto('请输入联系人', '钱经理');
    typeInto('请输入手机号码', '13800000005');
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await screen.findByText(network.message)).toBeTruthy();
    expect(screen.getByDisplayValue('链家静安寺店')).toBeTruthy();
    await retryOnline(page, EHouse.addHouseChannel, ok({ id: 5 }));
    await expect.poll(page.pathname).toBe('/business/houseChannelDetail/5');
  });

  it('appeal: 重试 submits the same reason with the same key', async () => {
    const page = await renderPage('/business/appeal?client_id=11', {
      api: [on(E.appeal, ok(pageOf([]))), on(E.addAppeal, network.offline())],
    });
    fireEvent.change(await screen.findByLabelText('申诉理由'), { target: { value: '客户已补充流水' } });
    await tap(screen.getByRole('button', { name: '提交' }));
    await retryOnline(page, E.addAppeal, ok({ id: 4 }, '申诉已提交'));
    expect(await findToast('申诉已提交')).toBeTruthy();
  });

  it('follow-up: 重试 saves the same note with the same key', async () => {
    const page = await renderPage('/business/pendingAdd/11', {
      api: [on(E.mortgageUser, network.offline()), on(E.pendingDetail, ok(aPendingDetail()))],
    });
    fireEvent.change(await screen.findByPlaceholderText('本次沟通情况与下一步'), { target: { value: '下周补流水' } });
    await tap(screen.getByRole('button', { name: '保存' }));
    await retryOnline(page, E.mortgageUser, ok({ id: 9 }, '跟进已保存'));
    await expect.poll(page.pathname).toBe('/business/pendingDetail/11');
  });

  it('a second fill after a success gets a new key', async () => {
    const page = await renderPage('/business/appeal?client_id=11', {
      api: [on(E.appeal, ok(pageOf([]))), on(E.addAppeal, ok({ id: 4 }, '申诉已提交'))],
    });
    fireEvent.change(await screen.findByLabelText('申诉理由'), { target: { value: '第一次' } });
    await tap(screen.getByRole('button', { name: '提交' }));
    expect(await findToast('申诉已提交')).toBeTruthy();
    await page.router.navigate('/business/appeal?client_id=11');
    fireEvent.change(await screen.findByLabelText('申诉理由'), { target: { value: '第二次' } });
    await tap(screen.getByRole('button', { name: '提交' }));
    await expect.poll(() => page.api.callsTo(E.addAppeal).length).toBe(2);
    const [first, second] = page.api.callsTo(E.addAppeal);
    expect(second?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });
});
