import * as E from '@crm/domain/endpoints/house';
import * as EHouseloan from '@crm/domain/endpoints/houseloan';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, network, ok, on, type Answers } from '../../../test/fake-api.ts';
import {
  aHouseClient,
  aHouseDetail,
  confirmOpenPicker,
  findToast,
  pageOf,
  renderPage,
  renderPageWith,
  tap,
} from '../../../test/page.ts';
import { retriesFailedLoad } from '../../../test/steps-load.ts';
import { sendsNothingEmpty, STEWARD } from '../test-kit.ts';

/** A steward's page: every page here is the steward's. */
const renderAsSteward = (path: string, api: Answers) => renderPage(path, { user: STEWARD, api });
const renderSignDetail = renderPageWith('/business/houseSignDetail/71', {
  user: STEWARD,
  api: [on(E.getHouseDetail, ok(aHouseDetail()))],
});

describe('/business/houseSign', () => {
  it('lists the waiting clients first, and the handled ones on their tab', async () => {
    const page = await renderAsSteward('/business/houseSign', [
      on(E.getHouseList2, ok(pageOf([aHouseClient()]))),
      on(E.getHouseDetail, ok(aHouseDetail())),
    ]);
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(page.api.lastCall(E.getHouseList2).fields).toMatchObject({ steward_status: 'waiting' });
    await tap(screen.getByText('已处理'));
    await expect.poll(() => page.api.lastCall(E.getHouseList2).fields.steward_status).toBe('handled');
    await tap(await screen.findByText('赵磊'));
    await expect.poll(page.pathname).toBe('/business/houseSignDetail/71');
  });

  it('says so when nothing waits, and shows a refusal with a retry', async () => {
    const page = await renderAsSteward('/business/houseSign', [on(E.getHouseList2, ok(pageOf([])))]);
    expect(await screen.findByText('暂无房贷客户')).toBeTruthy();
    page.api.set([on(E.getHouseList2, fail('仅房贷管家可查看'))]);
    await tap(screen.getByText('已处理'));
    await page.retryFailedList('仅房贷管家可查看', E.getHouseList2, ok(pageOf([aHouseClient()])));
    expect(await screen.findByText('赵磊')).toBeTruthy();
  });
});

describe('/business/houseSign 渠道待接单 (decision 052)', () => {
  it('takes a channel referral after a confirmation, and says who was faster when another steward was', async () => {
    const referral = aHouseClient({ id: 90, name: '冯晓', source: 'channel' });
    const page = await renderAsSteward('/business/houseSign', [
      on(E.getHouseList2, ok(pageOf([]))),
      on(E.getHousePool, ok(pageOf([referral]))),
      on(EHouseloan.allot, ok({ id: 90 }, '接单成功')),
    ]);
    await tap(await screen.findByText('渠道待接单'));
    await tap(await screen.findByRole('button', { name: '接单' }));
    await screen.findByText(/确定接单「冯晓」/);
    expect(page.api.callsTo(EHouseloan.allot)).toHaveLength(0);
    await tap(screen.getByRole('button', { name: '确定' }));
    expect(await findToast('接单成功')).toBeTruthy();
    expect(page.api.lastCall(EHouseloan.allot).fields).toEqual({ id: '90' });

    page.api.set([on(EHouseloan.allot, fail('该客户已由钱管家接单'))]);
    await tap(await screen.findByRole('button', { name: '接单' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    expect(await findToast('该客户已由钱管家接单')).toBeTruthy();
  });
});

describe('/business/houseSignDetail/:id', () => {
  it('books the signing of a waiting client with the time and place chosen', async () => {
    const page = await renderSignDetail([on(E.houseSignSubmit, ok({ id: 1 }))]);
    await tap(await screen.findByText('请选择预约时间'));
    await confirmOpenPicker();
    fireEvent.change(screen.getByPlaceholderText('如 工商银行静安支行'), { target: { value: '工商银行静安支行' } });
    await tap(screen.getByRole('button', { name: '提交签约' }));
    expect(await findToast('已提交签约中心')).toBeTruthy();
    const { fields } = page.api.lastCall(E.houseSignSubmit);
    expect(fields).toMatchObject({ id: '71', place: '工商银行静安支行' });
    expect(Number.isNaN(Date.parse(String(fields.appointment_at)))).toBe(false);
  });

  it('asks for the time before sending', async () => {
    await sendsNothingEmpty(await renderSignDetail(), E.houseSignSubmit, '请选择预约时间', '提交签约');
  });

  it('offers no booking once the client is handled', async () => {
    await renderSignDetail([on(E.getHouseDetail, ok(aHouseDetail({}, { steward_status: 'handled', status: 2 })))]);
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '提交签约' })).toBeNull();
  });

  it('shows a failure to load the client', async () => {
    await renderSignDetail([on(E.getHouseDetail, network.offline())]);
    expect(await screen.findByText(network.message)).toBeTruthy();
  });

  it('offers a retry when the client failed to load', async () => {
    await retriesFailedLoad(renderSignDetail, E.getHouseDetail, ok(aHouseDetail()), '赵磊', network.offline());
    expect(await screen.findByRole('button', { name: '提交签约' })).toBeTruthy();
  });
});

describe('/business/housePhoto', () => {
  it('lists the clients who came through the official account', async () => {
    const page = await renderAsSteward('/business/housePhoto', [
      on(E.getHouseList, ok(pageOf([aHouseClient({ source: 'official' })]))),
    ]);
    expect(await screen.findByText('赵磊')).toBeTruthy();
    expect(page.api.lastCall(E.getHouseList).fields).toMatchObject({ source: 'official' });
  });
});

describe('/business/houseSignCard', () => {
  it('lists the card-instalment clients and opens one for booking', async () => {
    const page = await renderAsSteward('/business/houseSignCard', [
      on(E.getHouseCard, ok(pageOf([aHouseClient({ product: 'card' })]))),
      on(E.getHouseDetail, ok(aHouseDetail())),
    ]);
    await tap(await screen.findByText('赵磊'));
    await expect.poll(page.pathname).toBe('/business/houseSignDetail/71');
  });
});

describe.each([
  ['/business/housePhoto', E.getHouseList, '暂无公众号客户'],
  ['/business/houseSignCard', E.getHouseCard, '暂无卡分期客户'],
])('%s', (path, call, empty) => {
  it('says so when there are none, and shows a refusal with a retry', async () => {
    const page = await renderAsSteward(path, [on(call, fail('无权查看'))]);
    await page.retryFailedList('无权查看', call, ok(pageOf([])));
    expect(await screen.findByText(empty)).toBeTruthy();
  });
});
