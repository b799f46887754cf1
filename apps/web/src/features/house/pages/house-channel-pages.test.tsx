import * as E from '@crm/domain/endpoints/house';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aHouseClient, fail, findToast, ok, on, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { aChannel, fillIn, savedFields, sendsNothingEmpty, submit } from '../test-kit.ts';

/** The server's one channel, with no clients from it yet: what the list shows and the channel's page asks for. */
const CHANNEL_DETAIL = [
  on(E.getHouseChannelList, ok(pageOf([aChannel({ remark: '老合作' })]))),
  on(E.getHouseList, ok(pageOf([]))),
];
const renderChannelAdd = renderPageWith('/business/houseChannelAdd');
const renderChannel = renderPageWith('/business/houseChannelDetail/5', { api: CHANNEL_DETAIL });

describe('/business/houseChannel', () => {
  const renderChannels = renderPageWith('/business/houseChannel');

  it('lists my channels with their client counts and opens one on tap', async () => {
    const page = await renderChannels(CHANNEL_DETAIL);
    const row = await screen.findByText('链家静安寺店');
    expect(screen.getByText('2 位客户')).toBeTruthy();
    await tap(row);
    await expect.poll(page.pathname).toBe('/business/houseChannelDetail/5');
  });

  it('says so when there are no channels', async () => {
    await renderChannels([on(E.getHouseChannelList, ok(pageOf([])))]);
    expect(await screen.findByText('暂无渠道')).toBeTruthy();
  });

  it('shows a refusal with a retry', async () => {
    const page = await renderChannels([on(E.getHouseChannelList, fail('无权查看'))]);
    await page.retryFailedList('无权查看', E.getHouseChannelList, ok(pageOf([aChannel({ remark: '老合作' })])));
    expect(await screen.findByText('链家静安寺店')).toBeTruthy();
  });
});

/** What the add tests type: the channel the server then lists (aChannel), under the name given. */
const { name, contact } = aChannel();
const phone = '13800000005';
const fillChannel = (channelName: string) =>
  fillIn({ '如 链家静安寺店': channelName, 请输入联系人: contact, 请输入手机号码: phone });

describe('/business/houseChannelAdd', () => {
  it('adds a channel and opens it', async () => {
    const page = await renderChannelAdd([...CHANNEL_DETAIL, on(E.addHouseChannel, ok({ id: 5 }))]);
    await fillChannel(name);
    expect(await savedFields(page, E.addHouseChannel, '/business/houseChannelDetail/5')).toEqual({
      name,
      contact,
      phone,
      remark: '',
    });
  });

  it("shows the rules' messages and sends nothing; shows a refusal", async () => {
    const page = await renderChannelAdd([on(E.addHouseChannel, fail('渠道名称已存在'))]);
    await sendsNothingEmpty(page, E.addHouseChannel, '请输入渠道名称');
    await fillChannel('链家');
    await submit();
    expect(await findToast('渠道名称已存在')).toBeTruthy();
  });
});

describe('/business/houseChannelDetail/:id', () => {
  it('shows the channel and the clients it referred, and adds a client from it', async () => {
    const page = await renderChannel([
      on(E.getHouseList, ok(pageOf([aHouseClient({ channel_id: 5, channel_name: '链家静安寺店' })]))),
      on(E.revealHouseContact, ok({ value: '13800000005' })),
    ]);
    expect(await screen.findByText('赵磊')).toBeTruthy();
    // The contact's phone is masked (decision 065); 查看 asks the server, which logs it.
    expect(screen.getByText('138****0005')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '查看完整手机号' }));
    expect(await screen.findByRole('link', { name: '13800000005' })).toBeTruthy();
    expect(page.api.lastCall(E.revealHouseContact).fields).toEqual({
      kind: 'channel',
      id: '5',
      field: 'phone',
    });
    expect(page.api.lastCall(E.getHouseChannelList).fields).toMatchObject({ id: '5' });
    expect(page.api.lastCall(E.getHouseList).fields).toMatchObject({ channel_id: '5' });
    await tap(screen.getByRole('button', { name: '从该渠道新增客户' }));
    await expect.poll(() => page.router.state.location.search).toBe('?channel=5');
  });

  it('opens a recommendation from the channel', async () => {
    const page = await renderChannel();
    await tap(await screen.findByText('从该渠道新增推荐'));
    await expect.poll(() => page.router.state.location.pathname).toBe('/business/houseRecommendAdd');
    expect(page.router.state.location.search).toBe('?channel=5');
  });

  it('says so when the channel has no clients yet', async () => {
    await renderChannel();
    expect(await screen.findByText('暂无房贷客户')).toBeTruthy();
  });

  it('shows a refusal of the channel', async () => {
    await renderChannel([on(E.getHouseChannelList, fail('渠道不存在'))]);
    expect(await screen.findByText('渠道不存在')).toBeTruthy();
  });

  it('offers a retry when the channel failed to load', async () => {
    const channel = ok(pageOf([aChannel()]));
    await retriesFailedLoad(renderChannel, E.getHouseChannelList, channel, '138****0005');
  });
});

describe('/business/houseChannelDetail/:id stop and resume (decision 052)', () => {
  it('stops a channel after a confirmation that says its agents lose the portal', async () => {
    const page = await renderChannel([on(E.houseChannelStatus, ok({ id: 5 }, '渠道已停用'))]);
    await tap(await screen.findByRole('button', { name: '停用渠道' }));
    await screen.findByText(/经纪人不能登录房贷渠道端/);
    expect(page.api.callsTo(E.houseChannelStatus)).toHaveLength(0);
    page.api.set([on(E.getHouseChannelList, ok(pageOf([aChannel({ enabled: false })])))]);
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(await findToast('渠道已停用')).toBeTruthy();
    expect(page.api.lastCall(E.houseChannelStatus).fields).toEqual({ id: '5', enabled: 'false' });
    expect(await screen.findByRole('button', { name: '启用渠道' })).toBeTruthy();
    expect(screen.getByText('已停用')).toBeTruthy();
  });
});

describe("/business/houseChannelDetail/:id agents' entry (decision 052)", () => {
  it('opens the login QR code and link for the agents on a tap, and only then asks for it', async () => {
    const page = await renderChannel([
      on(
        E.houseChannelEntry,
        ok({
          link: 'https://crm.example.com/houseloan/login?corp=1',
          png: 'data:image/png;base64,AAAA',
        }),
      ),
    ]);
    await tap(await screen.findByText('经纪人登录入口'));
    expect((await screen.findByAltText('经纪人登录二维码')).getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('https://crm.example.com/houseloan/login?corp=1')).toBeTruthy();
    expect(page.api.lastCall(E.houseChannelEntry).query).toEqual({ id: '5' });
  });

  it('shows a refusal of the entry with a retry', async () => {
    await renderChannel([on(E.houseChannelEntry, fail('无权查看该渠道'))]);
    await tap(await screen.findByText('经纪人登录入口'));
    expect(await screen.findByText('无权查看该渠道')).toBeTruthy();
  });
});
