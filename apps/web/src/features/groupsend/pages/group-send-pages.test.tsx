import * as G from '@crm/domain/endpoints/groupsend';
import type { GroupPreview, GroupSendDetail, GroupSendOptions } from '@crm/domain/api/groupsend';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findToast, LEADER, ok, on, pageOf, renderPage, tap } from '../../../test/page.ts';

const options: GroupSendOptions = {
  owners: [
    { id: 1, name: '王小明', bound: true },
    { id: 4, name: '赵未绑', bound: false },
  ],
  tags: ['经营贷', '复购'],
  sources: ['渠道活码·门店海报'],
  activities: [{ id: 3, title: '家装节满减券' }],
};
const preview = (over: Partial<GroupPreview> = {}): GroupPreview => ({
  month: '2026-11',
  limit: 4,
  matched: 3,
  sendable: 2,
  over_limit: [{ filing_id: 9, name: '周女士', owner_name: '李建国', received: 4 }],
  unbound: 0,
  ...over,
});
const detail = (over: Partial<GroupSendDetail> = {}): GroupSendDetail => ({
  id: 12,
  text: '本月经营贷有新产品上线。',
  activity_title: '家装节满减券',
  image_url: '',
  created_by: '李建国',
  created_at: '2026-11-28T02:00:00.000Z',
  month: '2026-11',
  recipients: 2,
  received: 1,
  members: 2,
  members_sent: 1,
  fetched_at: null,
  tasks: [
    { staff_id: 1, name: '王小明', status: 2, sent_at: '2026-11-28T03:00:00.000Z', customers: 1, error: '' },
    { staff_id: 2, name: '李建国', status: 0, sent_at: null, customers: 1, error: '' },
  ],
  customers: [
    { filing_id: 8, name: '刘先生', owner_name: '王小明', status: 1, sent_at: '2026-11-28T03:00:00.000Z' },
    { filing_id: 10, name: '郑女士', owner_name: '李建国', status: 0, sent_at: null },
  ],
  ...over,
});
const listRow = (({ tasks: _t, customers: _c, ...row }) => row)(detail());

describe('/team/groupSend', () => {
  it('says who is at four this month, and sends the exclusion only when ticked', async () => {
    const page = await renderPage('/team/groupSend', {
      user: LEADER,
      api: [
        on(G.groupSendOptions, ok(options)),
        on(G.groupSendPreview, ok(preview())),
        on(G.groupSendList, ok(pageOf([listRow]))),
        on(G.groupSendCreate, ok(detail(), '群发任务已创建，请提醒成员在企业微信中确认发送')),
        on(G.groupSendDetail, ok(detail())),
        on(G.groupSendImage, ok({ image_url: 'https://wework.qpic.cn/wwpic/demo/1/0' }, '图片已上传')),
      ],
    });
    expect(await screen.findByText('筛出 3 位客户，可发送 2 位')).toBeTruthy();
    expect(screen.getByText('周女士（负责人 李建国，本月已 4 条）')).toBeTruthy();
    expect(screen.getByText('赵未绑（未绑定企业微信）')).toBeTruthy();
    expect(screen.getByText('成员已发 1/2 · 客户已收 1/2')).toBeTruthy();

    await tap(screen.getByText('经营贷'));
    await expect
      .poll(() => page.api.lastCall(G.groupSendPreview).json)
      .toEqual({
        owner_ids: [],
        tags: ['经营贷'],
        sources: [],
      });
    fireEvent.change(screen.getByLabelText('群发内容'), { target: { value: '本月经营贷有新产品上线。' } });
    await tap(screen.getByText('家装节满减券'));
    fireEvent.change(screen.getByLabelText('附带图片（JPG 或 PNG，2 MB 以内，可不选）'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'poster.jpg', { type: 'image/jpeg' })] },
    });
    expect(await findToast('图片已上传')).toBeTruthy();
    expect(screen.getByRole('img', { name: '随群发一起发送的图片' })).toBeTruthy();
    await tap(screen.getByRole('checkbox', { name: '排除这 1 位客户后创建' }));
    await tap(screen.getByRole('button', { name: '创建群发任务' }));
    expect(await findToast('群发任务已创建，请提醒成员在企业微信中确认发送')).toBeTruthy();
    expect(page.api.lastCall(G.groupSendCreate).json).toEqual({
      owner_ids: [],
      tags: ['经营贷'],
      sources: [],
      text: '本月经营贷有新产品上线。',
      activity_id: 3,
      image_url: 'https://wework.qpic.cn/wwpic/demo/1/0',
      exclude_over_limit: true,
    });
    await expect.poll(() => page.pathname()).toBe('/team/groupSend/12');
  });

  it('shows the server’s refusal of a task and stays', async () => {
    const page = await renderPage('/team/groupSend', {
      user: LEADER,
      api: [
        on(G.groupSendOptions, ok(options)),
        on(G.groupSendPreview, ok(preview())),
        on(G.groupSendList, ok(pageOf([]))),
        on(G.groupSendCreate, fail('有 1 位客户本月已收满 4 条群发消息（企业微信的限制），请确认排除他们后再创建')),
      ],
    });
    expect(await screen.findByText('还没有群发任务')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '创建群发任务' }));
    expect(await findToast(/请确认排除他们后再创建/)).toBeTruthy();
    expect(page.pathname()).toBe('/team/groupSend');
  });

  it('shows a refusal to a colleague who is neither leader nor admin', async () => {
    await renderPage('/team/groupSend', { api: [on(G.groupSendOptions, fail('仅团队长或公司管理员可以群发'))] });
    expect(await screen.findByText('仅团队长或公司管理员可以群发')).toBeTruthy();
  });
});

describe('/team/groupSend/:id', () => {
  it('shows who sent and who received, and fetches WeCom’s results again', async () => {
    const page = await renderPage('/team/groupSend/12', {
      user: LEADER,
      api: [
        on(G.groupSendDetail, ok(detail())),
        on(
          G.groupSendRefresh,
          ok(
            detail({
              members_sent: 2,
              received: 2,
              fetched_at: '2026-11-28T04:00:00.000Z',
              customers: [
                { filing_id: 8, name: '刘先生', owner_name: '王小明', status: 1, sent_at: null },
                { filing_id: 10, name: '郑女士', owner_name: '李建国', status: 3, sent_at: null },
              ],
            }),
            '已取回企业微信的发送结果',
          ),
        ),
      ],
    });
    expect(await screen.findByText('成员已发送 1/2，客户已收到 1/2')).toBeTruthy();
    expect(screen.getByText('已发送')).toBeTruthy();
    expect(screen.getByText('未发送')).toBeTruthy();
    expect(screen.getByText('待成员发送')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '刷新结果' }));
    expect(await findToast('已取回企业微信的发送结果')).toBeTruthy();
    expect(await screen.findByText('本月已收满，未送达')).toBeTruthy();
    expect(page.api.lastCall(G.groupSendRefresh).fields).toEqual({ id: '12' });
  });

  it('says so when the send is not the caller’s', async () => {
    await renderPage('/team/groupSend/99', { user: LEADER, api: [on(G.groupSendDetail, fail('群发任务不存在'))] });
    expect(await screen.findByText('群发任务不存在')).toBeTruthy();
  });
});
