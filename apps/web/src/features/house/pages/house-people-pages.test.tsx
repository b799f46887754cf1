import * as E from '@crm/domain/endpoints/house';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, findToast, network, ok, on, pageOf, renderPageWith, tap } from '../../../test/page.ts';
import {
  aChannel,
  aReceiver,
  channelShown,
  fillIn,
  pickChannel,
  savedFields,
  search,
  sendsNothingEmpty,
  submit,
} from '../test-kit.ts';

const aRecommend = {
  id: 91,
  name: '周洁',
  phone: '137****0002',
  channel_name: null,
  intent_amount_fen: 50_000_000,
  remark: '想换房',
  created_at: '2026-11-02T00:00:00.000Z',
};

describe('/business/houseRecommendList', () => {
  const renderList = renderPageWith('/business/houseRecommendList', {
    api: [on(E.getHouseRecommend, ok(pageOf([aRecommend])))],
  });

  it('lists the recommendations with their intended amount', async () => {
    await renderList();
    expect(await screen.findByText('周洁')).toBeTruthy();
    expect(screen.getByText('¥500,000.00')).toBeTruthy();
    expect(screen.getByText('137****0002 · 想换房')).toBeTruthy();
  });

  it("opens a row's record on tap: its fields, the phone masked until 查看 (logged by the server)", async () => {
    const page = await renderList([
      on(E.revealHouseContact, ok({ value: '13700000002' })),
      on(
        E.getHouseRecommendDetail,
        ok({
          ...aRecommend,
          phone: '137****0002',
          channel_name: '链家静安寺店',
          staff_name: '王小明',
        }),
      ),
    ]);
    await tap(await screen.findByText('周洁'));
    const sheet = await screen.findByRole('dialog', { name: '推荐详情' });
    await tap(await within(sheet).findByRole('button', { name: '查看完整手机号' }));
    expect(await within(sheet).findByRole('link', { name: '13700000002' })).toBeTruthy();
    expect(page.api.lastCall(E.revealHouseContact).fields).toEqual({
      kind: 'recommend',
      id: '91',
      field: 'phone',
    });
    expect(within(sheet).getByText('链家静安寺店')).toBeTruthy();
    expect(within(sheet).getByText('想换房')).toBeTruthy();
    expect(within(sheet).getByText('王小明')).toBeTruthy();
    expect(within(sheet).getByText('¥500,000.00')).toBeTruthy();
    expect(page.api.lastCall(E.getHouseRecommendDetail).query).toEqual({ id: '91' });
  });

  it("shows the server's refusal in the sheet", async () => {
    await renderList([on(E.getHouseRecommendDetail, fail('无权查看该推荐'))]);
    await tap(await screen.findByText('周洁'));
    const sheet = await screen.findByRole('dialog', { name: '推荐详情' });
    expect(await within(sheet).findByText('无权查看该推荐')).toBeTruthy();
  });

  it('says so when there are none', async () => {
    await renderList([on(E.getHouseRecommend, ok(pageOf([])))]);
    expect(await screen.findByText('暂无推荐')).toBeTruthy();
  });

  it('shows a failure with a retry', async () => {
    const page = await renderList([on(E.getHouseRecommend, network.httpError(500))]);
    await page.retryFailedList(network.message, E.getHouseRecommend, ok(pageOf([aRecommend])));
    expect(await screen.findByText('周洁')).toBeTruthy();
  });
});

/** What the add tests type, and so send. */
const TYPED = { name: '周洁', phone: '13700000002' };
const fillRecommend = () => fillIn({ 请输入客户姓名: TYPED.name, 请输入手机号码: TYPED.phone });

/** The channels the forms offer in their 来源渠道 row. */
const CHANNELS = [on(E.getHouseChannelList, ok(pageOf([aChannel()])))];

describe('/business/houseRecommendAdd', () => {
  const renderAdd = renderPageWith('/business/houseRecommendAdd', { api: CHANNELS });

  it('adds a recommendation and goes back to the list', async () => {
    const page = await renderAdd([
      on(E.addHouseRecommend, ok({ id: 7 })),
      on(E.getHouseRecommend, ok(pageOf([aRecommend]))),
    ]);
    await fillRecommend();
    const sent = await savedFields(page, E.addHouseRecommend, '/business/houseRecommendList');
    // The rows left alone go as empty, the channel row's none as 'null'.
    expect(sent).toEqual({ ...TYPED, channel_id: 'null', intent_amount: '', remark: '' });
  });

  it('sends the channel picked in its row', async () => {
    const page = await renderAdd([on(E.addHouseRecommend, ok({ id: 7 }))]);
    await fillRecommend();
    await pickChannel('链家静安寺店');
    expect(await savedFields(page, E.addHouseRecommend)).toMatchObject({ ...TYPED, channel_id: '5' });
  });

  it('starts on the channel whose page opened it (?channel=5)', async () => {
    const page = await renderPageWith('/business/houseRecommendAdd?channel=5', { api: CHANNELS })([
      on(E.addHouseRecommend, ok({ id: 7 })),
    ]);
    await waitFor(() => expect(channelShown()).toBe('链家静安寺店'));
    await fillRecommend();
    expect(await savedFields(page, E.addHouseRecommend)).toMatchObject({ channel_id: '5' });
  });

  it('starts on no channel when the address names none that could be one', async () => {
    await renderPageWith('/business/houseRecommendAdd?channel=-5', { api: CHANNELS })();
    await screen.findByRole('button', { name: '来源渠道' });
    expect(channelShown()).toBe('无（自有客户）');
  });

  it('asks for the name before sending, and shows a refusal', async () => {
    const page = await renderAdd([on(E.addHouseRecommend, fail('该手机号已被推荐'))]);
    await sendsNothingEmpty(page, E.addHouseRecommend, '请输入客户姓名');
    await fillRecommend();
    await submit();
    expect(await findToast('该手机号已被推荐')).toBeTruthy();
  });
});

describe('/business/houseBrokerageUser', () => {
  const renderReceivers = renderPageWith('/business/houseBrokerageUser', {
    api: [on(E.houseBrokerageUser, ok(pageOf([]))), ...CHANNELS],
  });

  it('lists the people brokerage is paid to', async () => {
    const page = await renderReceivers([on(E.houseBrokerageUser, ok(pageOf([aReceiver()])))]);
    expect(await screen.findByText('吴刚')).toBeTruthy();
    expect(screen.getByText('招商银行 ************1234 · 链家静安寺店')).toBeTruthy();
    expect(page.api.lastCall(E.houseBrokerageUser).fields).toMatchObject({ keyword: '' });
  });

  it('says so when there are none, and shows a refusal with a retry', async () => {
    const page = await renderReceivers();
    expect(await screen.findByText('暂无返佣人')).toBeTruthy();
    page.api.set([on(E.houseBrokerageUser, fail('无权查看'))]);
    search('吴');
    expect(await screen.findByText('无权查看')).toBeTruthy();
    expect(page.api.lastCall(E.houseBrokerageUser).fields).toMatchObject({ keyword: '吴' });
    await page.retryFailedList('无权查看', E.houseBrokerageUser, ok(pageOf([aReceiver()])));
    expect(await screen.findByText('吴刚')).toBeTruthy();
  });

  it('adds a person in the sheet', async () => {
    const page = await renderReceivers([on(E.addHouseBrokerageUser, ok({ id: 1 }))]);
    await tap(await screen.findByRole('button', { name: '新增返佣人' }));
    await fillIn({
      请输入返佣人姓名: '吴刚',
      请输入手机号码: '13600000003',
      '如 招商银行': '招商银行',
      '请输入 16–19 位卡号': '4111111111111111',
    });
    expect(channelShown()).toBe('不属于任何渠道');
    await pickChannel('链家静安寺店');
    expect(await savedFields(page, E.addHouseBrokerageUser)).toEqual({
      name: '吴刚',
      phone: '13600000003',
      bank_name: '招商银行',
      bank_card: '4111111111111111',
      channel_id: '5',
    });
  });
});
