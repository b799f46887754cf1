import * as E from '@crm/domain/endpoints/outside';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  failField,
  findFieldError,
  findToast,
  inputValue,
  ok,
  pageOf,
  renderPage,
  tap,
  typeInto,
  on,
} from '../../../test/page.ts';

const CHANNEL = {
  id: 4,
  name: '中介甲',
  contact: '周经理',
  phone: '13700001111',
  referrals: 2,
  created_at: '2026-11-01',
};

describe('/outside/channel', () => {
  it('lists my channels and adds one in a sheet', async () => {
    const page = await renderPage('/outside/channel', {
      user: null,
      api: [on(E.outsideChannelList, ok(pageOf([CHANNEL]))), on(E.outsideChannelAdd, ok({ id: 5 }, '保存成功'))],
    });
    expect(await screen.findByText('中介甲')).toBeTruthy();
    expect(screen.getByText('报备 2 人')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '新增渠道' }));
    await tap(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('请填写渠道名称', { selector: '[role="alert"]' })).toBeTruthy();
    expect(page.api.callsTo(E.outsideChannelAdd)).toHaveLength(0);
    typeInto('channel-name', '中介乙');
    await tap(screen.getByRole('button', { name: '保存' }));
    expect(await findToast('保存成功')).toBeTruthy();
    expect(page.api.lastCall(E.outsideChannelAdd).fields).toMatchObject({ name: '中介乙', id: '' });
  });

  it("shows the server's refusal of the name under it, the sheet still open (issue 39)", async () => {
    await renderPage('/outside/channel', {
      user: null,
      api: [
        on(E.outsideChannelList, ok(pageOf([CHANNEL]))),
        on(E.outsideChannelAdd, failField('name', '已有同名渠道')),
      ],
    });
    await tap(await screen.findByRole('button', { name: '新增渠道' }));
    typeInto('channel-name', '中介甲');
    await tap(screen.getByRole('button', { name: '保存' }));
    expect((await findFieldError('渠道名称')).textContent).toBe('已有同名渠道');
    expect(inputValue('channel-name')).toBe('中介甲');
  });

  it('edits a channel from its row', async () => {
    const page = await renderPage('/outside/channel', {
      user: null,
      api: [on(E.outsideChannelList, ok(pageOf([CHANNEL]))), on(E.outsideChannelAdd, ok({ id: 4 }))],
    });
    await tap(await screen.findByText('中介甲'));
    expect(inputValue('channel-name')).toBe('中介甲');
    typeInto('channel-name', '中介甲改');
    await tap(screen.getByRole('button', { name: '保存' }));
    await expect.poll(() => page.api.callsTo(E.outsideChannelAdd).length).toBe(1);
    expect(page.api.lastCall(E.outsideChannelAdd).fields).toMatchObject({ id: '4', name: '中介甲改' });
  });

  it('deletes only after confirming', async () => {
    const page = await renderPage('/outside/channel', {
      user: null,
      api: [on(E.outsideChannelList, ok(pageOf([CHANNEL]))), on(E.outsideDelChannel, ok(null))],
    });
    await tap(await screen.findByRole('button', { name: '删除' }));
    expect(await screen.findByText('确定删除渠道「中介甲」吗？')).toBeTruthy();
    expect(page.api.callsTo(E.outsideDelChannel)).toHaveLength(0);
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(await findToast('已删除')).toBeTruthy();
    expect(page.api.lastCall(E.outsideDelChannel)).toMatchObject({ method: 'GET', query: { id: '4' } });
  });

  it('shows the empty list and a refusal with a retry', async () => {
    const page = await renderPage('/outside/channel', {
      user: null,
      api: [on(E.outsideChannelList, fail('请先登录'))],
    });
    await page.retryFailedList('请先登录', E.outsideChannelList, ok(pageOf([])));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
