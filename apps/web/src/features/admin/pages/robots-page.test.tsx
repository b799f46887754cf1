import * as R from '@crm/domain/endpoints/robots';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fill, openAdmin, rowOf, sentJson } from '../test-kit.ts';
import { answersOf, findToast, ok, tap, type AnswersOf, type ReplyData } from '../../../test/page.ts';

type Robot = ReplyData<typeof R.robots>['list'][number];

const aRobot = (over: Partial<Robot> = {}): Robot => ({
  id: 3,
  name: '业务一部群',
  team_id: null,
  team_name: '',
  webhook: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a****1234',
  events: ['case-created', 'case-disbursed'],
  is_active: true,
  last_error: '',
  updated_at: '2026-11-20T02:00:00.000Z',
  ...over,
});
const open = (api: AnswersOf<typeof R>) => openAdmin('/admin/robots', answersOf(R, api));
const KEY_URL = 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a91f6-7aaa-4bc4-97a0-0ec2af5a1234';

describe('/admin/robots', () => {
  it('lists the robots with the webhook masked, the events named, and says so when there are none', async () => {
    await open({ robots: ok({ list: [aRobot()] }) });
    const row = await rowOf('业务一部群');
    expect(row.getByText('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=693a****1234')).toBeTruthy();
    expect(row.getByText('新进件、放款')).toBeTruthy();
    expect(row.getByText('全公司')).toBeTruthy();
  });

  it('adds a robot with its webhook and events, refusing one without an event before sending', async () => {
    const view = await open({ robots: ok({ list: [] }), robotSave: ok(aRobot(), '已保存') });
    const form = within(await screen.findByRole('region', { name: '添加群机器人' }));
    fill(form, { '名称（如：业务一部群）': '业务一部群', 'Webhook 地址': KEY_URL });
    await tap(form.getByRole('button', { name: '添加' }));
    expect(await form.findByText('请至少选一个通知事件')).toBeTruthy();
    expect(view.api.callsTo(R.robotSave)).toHaveLength(0);
    await tap(form.getByRole('checkbox', { name: '新进件' }));
    await tap(form.getByRole('checkbox', { name: '放款' }));
    expect(await sentJson(view, form, '添加', '已保存', R.robotSave)).toEqual({
      id: null,
      name: '业务一部群',
      team_id: null,
      webhook: KEY_URL,
      events: ['case-created', 'case-disbursed'],
      is_active: true,
    });
  });

  it('edits a robot without showing or resending its webhook', async () => {
    const view = await open({ robots: ok({ list: [aRobot()] }), robotSave: ok(aRobot(), '已保存') });
    await tap((await rowOf('业务一部群')).getByRole('button', { name: '编辑' }));
    const form = within(await screen.findByRole('region', { name: '修改群机器人' }));
    expect(form.getByLabelText<HTMLInputElement>('Webhook 地址（留空则不变）').value).toBe('');
    await tap(form.getByRole('checkbox', { name: '放款' }));
    expect(await sentJson(view, form, '保存', '已保存', R.robotSave)).toMatchObject({
      id: 3,
      webhook: '',
      events: ['case-created'],
    });
  });

  it('sends a test message from the row and shows the answer', async () => {
    const view = await open({ robots: ok({ list: [aRobot()] }), robotTest: ok(null, '测试消息已发出，请到群里查看') });
    await tap((await rowOf('业务一部群')).getByRole('button', { name: '发测试消息' }));
    expect(await findToast('测试消息已发出，请到群里查看')).toBeTruthy();
    expect(view.api.lastCall(R.robotTest).json).toEqual({ id: 3 });
  });

  it('deletes a robot after a confirmation', async () => {
    const view = await open({ robots: ok({ list: [aRobot()] }), robotDelete: ok(null, '已删除') });
    await tap((await rowOf('业务一部群')).getByRole('button', { name: '删除' }));
    expect(await screen.findByText('删除群机器人「业务一部群」？群里将不再收到通知。')).toBeTruthy();
    await tap(screen.getAllByRole('button', { name: '删除' }).at(-1) as HTMLElement);
    expect(await findToast('已删除')).toBeTruthy();
    expect(view.api.lastCall(R.robotDelete).json).toEqual({ id: 3 });
  });
});
