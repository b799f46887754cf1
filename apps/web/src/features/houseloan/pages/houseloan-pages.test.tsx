import * as E from '@crm/domain/endpoints/houseloan';
import * as EAuth from '@crm/domain/endpoints/auth';
import { fireEvent, screen } from '@testing-library/react';
import type { HouseloanAgent, HouseloanDetail, HouseloanReferral } from '@crm/domain/api/houseloan';
import { describe, expect, it } from 'vitest';
import { fail, failField, ok, on, type Answers } from '../../../test/fake-api.ts';
import {
  confirmOpenPicker,
  findFieldError,
  findToast,
  inputValue,
  pageOf,
  renderPage,
  type RenderPageOptions,
  tap,
  typeInto,
} from '../../../test/page.ts';
import { setHouseChannel } from '../../../lib/storage.ts';
import { logInToPortal, PORTAL_LOGIN_API } from '../../../test/steps-portal.ts';

const AGENT: HouseloanAgent = {
  id: 3,
  name: '李经纪',
  phone: '13911110001',
  corp_id: 1,
  corp_name: '一号金融',
  channel_id: 5,
  channel_name: '链家静安寺店',
  wechat_bound: false,
};
const aReferral = (over: Partial<HouseloanReferral> = {}): HouseloanReferral => ({
  id: 90,
  name: '冯晓',
  phone: '138****1111',
  type: 1,
  loan_amount_fen: 80_000_000,
  term_months: 240,
  bank: '招商银行',
  stage: 'waiting',
  has_consent: false,
  created_at: '2026-11-20T02:00:00.000Z',
  ...over,
});
const aDetail = (over: Partial<HouseloanDetail> = {}): HouseloanDetail => ({
  ...aReferral({ phone: '13812341111' }),
  remark: '周末可面签',
  steward: null,
  appointment_at: null,
  place: null,
  brokerage: [],
  ...over,
});
const SIGNED_IN = [on(E.account, ok(AGENT)), on(E.sign, ok(pageOf([])))];

const BANKS = [on(E.bank, ok([{ id: 1, name: '招商银行' }]))];

/** The agents' portal keeps its own login (ys_house_channel): no staff user is stored. */
const renderPortal = (path: string, api: Answers, options: Pick<RenderPageOptions, 'browser'> = {}) =>
  renderPage(path, { ...options, user: null, api });

/** Fills a referral's required fields, taking the first term and the first bank offered. */
async function fillReferral() {
  typeInto('houseloan-add-name', '冯晓');
  typeInto('houseloan-add-phone', '13812341111');
  typeInto('houseloan-add-loan_amount', '800000');
  await tap(screen.getByText('请选择期限'));
  await confirmOpenPicker();
  // The closing sheet stays in the page a moment: the bank's sheet is the one confirmed next.
  await expect.poll(() => document.querySelector('.adm-mask')).toBeNull();
  await tap(screen.getByText('请选择银行'));
  await confirmOpenPicker();
}

describe('/houseloan/login', () => {
  it("sends the code with scene 'houseloan', logs the agent in, keeps ys_house_channel and opens their home", async () => {
    const page = await renderPortal('/houseloan/login', [
      ...PORTAL_LOGIN_API,
      on(E.login, ok(AGENT, '登录成功')),
      ...SIGNED_IN,
    ]);
    expect(await screen.findByText('一号金融')).toBeTruthy();
    expect(await logInToPortal(page, 'houseloan', '13911110001')).toEqual({
      id: 3,
      name: '李经纪',
      channel_name: '链家静安寺店',
      corp_id: 1,
    });
    expect(await screen.findByText('您好，李经纪')).toBeTruthy();
    // No back arrow on the portal's home.
    expect(screen.queryByRole('button', { name: '返回' })).toBeNull();
  });

  it('sends an agent still signed in who opens the entry link again to their home, not a new SMS login', async () => {
    setHouseChannel({ id: 3, name: '李经纪', channel_name: '链家静安寺店', corp_id: 1 });
    const page = await renderPortal('/houseloan/login?corp=1', [...PORTAL_LOGIN_API, ...SIGNED_IN]);
    expect(await screen.findByText('您好，李经纪')).toBeTruthy();
    expect(page.pathname()).toBe('/houseloan/home/0');
    expect(page.api.callsTo(EAuth.smsCode)).toHaveLength(0);
  });

  it('shows the login to an agent whose session has ended, though the phone still remembers them', async () => {
    setHouseChannel({ id: 3, name: '李经纪', channel_name: '链家静安寺店', corp_id: 1 });
    const page = await renderPortal('/houseloan/login?corp=1', [
      ...PORTAL_LOGIN_API,
      on(E.account, fail('请先登录', 401, 401)),
    ]);
    expect(await screen.findByRole('button', { name: '登录' })).toBeTruthy();
    expect(page.pathname()).toBe('/houseloan/login');
  });

  it("names the bad fields, sends nothing, and keeps what was typed after the server's refusal", async () => {
    const page = await renderPortal('/houseloan/login', [
      on(EAuth.corp, ok([{ label: '一号金融', value: 1 }])),
      on(E.login, fail('所属渠道已停用，暂不能登录或报单')),
    ]);
    await screen.findByText('一号金融');
    await tap(screen.getByRole('button', { name: '登录' }));
    expect((await findFieldError('手机号')).textContent).toBeTruthy();
    expect(page.api.callsTo(E.login)).toHaveLength(0);
    typeInto('houseloan-login-phone', '13911110004');
    typeInto('houseloan-login-code', '123456');
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await findToast('所属渠道已停用，暂不能登录或报单')).toBeTruthy();
    expect(inputValue('houseloan-login-phone')).toBe('13911110004');
    expect(page.pathname()).toBe('/houseloan/login');
  });
});

describe('/houseloan/home/:openid', () => {
  it('greets the agent and reaches every part of the portal by taps, with the next signing appointments', async () => {
    const page = await renderPortal('/houseloan/home/0', [
      ...SIGNED_IN,
      on(
        E.sign,
        ok(
          pageOf([
            {
              id: 1,
              client_id: 71,
              client_name: '韩雪',
              appointment_at: '2026-11-25T02:00:00.000Z',
              place: '建设银行',
              stage: 'signing',
            },
          ]),
        ),
      ),
    ]);
    expect(await screen.findByText('一号金融 · 链家静安寺店')).toBeTruthy();
    expect(await screen.findByText('2026-11-25 10:00 · 建设银行')).toBeTruthy();
    const hrefs = [...document.querySelectorAll('.houseloan-tile')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/houseloan/add/1',
      '/houseloan/add/2',
      '/houseloan/list',
      '/houseloan/photo',
      '/houseloan/bestList?corp=1',
      '/houseloan/mine',
    ]);
    await tap(screen.getByText('韩雪'));
    await expect.poll(page.pathname).toBe('/houseloan/detail/71');
  });
});

describe('/houseloan/add/:type', () => {
  it('checks the staff rules on the phone, sends the referral once with its key and opens the consent photo', async () => {
    const page = await renderPortal('/houseloan/add/1', [
      ...BANKS,
      on(E.add, ok({ id: 90 }, '报单成功，请拍摄客户授权书')),
      on(E.detail, ok(aDetail())),
    ]);
    expect(await screen.findByText('房屋抵押贷报单')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '提交报单' }));
    expect((await findFieldError('客户姓名')).textContent).toBeTruthy();
    expect(page.api.callsTo(E.add)).toHaveLength(0);
    await fillReferral();
    await tap(screen.getByRole('button', { name: '提交报单' }));
    await expect.poll(page.pathname).toBe('/houseloan/auth/90/1');
    const sent = page.api.lastCall(E.add);
    expect(sent.fields).toMatchObject({
      type: '1',
      name: '冯晓',
      phone: '13812341111',
      loan_amount: '800000',
      term_months: '12',
      bank: '招商银行',
    });
    expect(sent.headers['idempotency-key']).toMatch(/^[\w-]{36}$/);
    expect(await screen.findByText('客户授权书 · 冯晓')).toBeTruthy();
  });

  it('opens the next referral blank after one is sent: nothing of the last one, no term chosen in advance', async () => {
    const page = await renderPortal('/houseloan/add/1', [
      ...BANKS,
      on(E.add, ok({ id: 90 }, '报单成功，请拍摄客户授权书')),
      on(E.detail, ok(aDetail())),
    ]);
    expect(await screen.findByText('房屋抵押贷报单')).toBeTruthy();
    await fillReferral();
    await tap(screen.getByRole('button', { name: '提交报单' }));
    await expect.poll(page.pathname).toBe('/houseloan/auth/90/1');
    await page.router.navigate('/houseloan/add/1');
    expect(await screen.findByText('房屋抵押贷报单')).toBeTruthy();
    expect(inputValue('houseloan-add-name')).toBe('');
    expect(inputValue('houseloan-add-loan_amount')).toBe('');
    expect(screen.getByText('请选择期限')).toBeTruthy();
    expect(screen.queryByText('240 个月')).toBeNull();
  });

  it("shows the server's refusal of a field under that field (issue 39)", async () => {
    await renderPortal('/houseloan/add/2', [...BANKS, on(E.add, failField('phone', '该客户已由其他渠道报备'))]);
    expect(await screen.findByText('信用卡分期报单')).toBeTruthy();
    await fillReferral();
    await tap(screen.getByRole('button', { name: '提交报单' }));
    expect((await findFieldError('手机号')).textContent).toBe('该客户已由其他渠道报备');
  });

  it('keeps what was typed when the server refuses', async () => {
    await renderPortal('/houseloan/add/2', [...BANKS, on(E.add, fail('所属渠道已停用，暂不能登录或报单'))]);
    expect(await screen.findByText('信用卡分期报单')).toBeTruthy();
    await fillReferral();
    await tap(screen.getByRole('button', { name: '提交报单' }));
    expect(await findToast('所属渠道已停用，暂不能登录或报单')).toBeTruthy();
    expect(inputValue('houseloan-add-name')).toBe('冯晓');
  });
});

describe('/houseloan/auth/:id/:type', () => {
  it('sends the photo taken with the camera and waits for a steward', async () => {
    const page = await renderPortal('/houseloan/auth/90/1', [
      on(E.detail, ok(aDetail())),
      on(E.authPhoto, ok({ id: 5 }, '授权书已上传')),
    ]);
    await screen.findByText('客户授权书 · 冯晓');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('capture')).toBe('environment');
    fireEvent.change(input, { target: { files: [new File(['jpeg'], 'consent.jpg', { type: 'image/jpeg' })] } });
    await expect.poll(page.pathname).toBe('/houseloan/wait');
    expect(page.api.lastCall(E.authPhoto).fields).toEqual({ id: '90', file: '[file consent.jpg]' });
    expect(await screen.findByText('报单已提交')).toBeTruthy();
  });

  it("shows the server's refusal of a photo and stays", async () => {
    const page = await renderPortal('/houseloan/auth/90/1', [
      on(E.detail, ok(aDetail())),
      on(E.authPhoto, fail('只能上传 JPG、PNG 或 WebP 图片')),
    ]);
    await screen.findByText('客户授权书 · 冯晓');
    fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
      target: { files: [new File(['gif'], 'consent.jpg', { type: 'image/jpeg' })] },
    });
    expect(await findToast('只能上传 JPG、PNG 或 WebP 图片')).toBeTruthy();
    expect(page.pathname()).toBe('/houseloan/auth/90/1');
  });
});

describe('/houseloan/list, /houseloan/photo, /houseloan/detail/:id', () => {
  it('lists the referrals by stage and opens one with its steward, appointment and brokerage', async () => {
    const page = await renderPortal('/houseloan/list', [
      on(E.list, ok(pageOf([aReferral({ stage: 'signing', has_consent: true })]))),
      on(
        E.detail,
        ok(
          aDetail({
            stage: 'signing',
            steward: { id: 6, name: '孙管家', phone: '13800000006' },
            appointment_at: '2026-11-25T02:00:00.000Z',
            place: '建设银行浦东分行',
            brokerage: [{ id: 1, amount_fen: 700_000, status: 2, paid_at: '2026-11-20T02:00:00.000Z' }],
          }),
        ),
      ),
    ]);
    expect(await screen.findByText('签约中')).toBeTruthy();
    await tap(screen.getByText('待接单'));
    await expect.poll(() => page.api.lastCall(E.list).fields.stage).toBe('waiting');
    await tap(await screen.findByText('冯晓'));
    await expect.poll(page.pathname).toBe('/houseloan/detail/90');
    expect((await screen.findByText(/孙管家/)).closest('a')?.getAttribute('href')).toBe('tel:13800000006');
    expect(screen.getByText('2026-11-25 10:00')).toBeTruthy();
    expect(screen.getByText('¥7,000.00')).toBeTruthy();
    expect(screen.getByText('已打款')).toBeTruthy();
  });

  it('lists the referrals still missing their consent photo, each opening the camera page', async () => {
    const page = await renderPortal('/houseloan/photo', [
      on(E.list, ok(pageOf([aReferral({ type: 2 })]))),
      on(E.detail, ok(aDetail())),
    ]);
    await tap(await screen.findByText('冯晓'));
    expect(page.api.lastCall(E.list).fields.missing_consent).toBe('1');
    await expect.poll(page.pathname).toBe('/houseloan/auth/90/2');
  });

  it('says so when a referral is not the agent’s', async () => {
    await renderPortal('/houseloan/detail/91', [on(E.detail, fail('客户不存在', 404))]);
    expect(await screen.findByText('客户不存在')).toBeTruthy();
  });
});

describe('/houseloan/mine', () => {
  it('shows the brokerage paid and pending, whom to call, and logs out after a confirmation', async () => {
    const brokerage = {
      pending_fen: 500_000,
      paid_fen: 700_000,
      list: [
        {
          id: 1,
          client_name: '赵磊',
          amount_fen: 700_000,
          status: 2,
          created_at: '2026-11-20T02:00:00.000Z',
          paid_at: null,
        },
      ],
      next_cursor: null,
    };
    const page = await renderPortal('/houseloan/mine', [
      ...SIGNED_IN,
      on(E.service, ok({ id: 1, name: '王小明', phone: '13800000001' })),
      on(E.brokerage, ok(brokerage)),
      on(EAuth.logout, ok(null)),
    ]);
    expect(await screen.findByText('¥5,000.00')).toBeTruthy();
    expect(screen.getAllByText('¥7,000.00').length).toBeGreaterThan(0);
    // The totals come with the list's first page: one call, not a second one for the totals.
    expect(page.api.callsTo(E.brokerage)).toHaveLength(1);
    expect((await screen.findByText('王小明')).getAttribute('href')).toBe('tel:13800000001');
    await tap(screen.getByRole('button', { name: '退出登录' }));
    await tap(await screen.findByRole('button', { name: '确定' }));
    await expect.poll(page.pathname).toBe('/houseloan/login');
  });
});

describe('/houseloan/bestList (any browser)', () => {
  it('shows the ranking in a desktop browser outside WeChat, and opens a channel', async () => {
    const page = await renderPortal(
      '/houseloan/bestList?corp=1',
      [
        on(
          E.bestList,
          ok({
            corp_name: '一号金融',
            month: '2026-11',
            list: [{ channel_id: 5, rank: 1, channel_name: '链家静安寺店', completed: 2, brokerage_fen: 700_000 }],
          }),
        ),
        on(
          E.bestDetail,
          ok({
            corp_name: '一号金融',
            month: '2026-11',
            channel_id: 5,
            rank: 1,
            channel_name: '链家静安寺店',
            completed: 2,
            brokerage_fen: 700_000,
            months: [{ month: '2026-11', completed: 2, brokerage_fen: 700_000 }],
          }),
        ),
      ],
      { browser: 'desktop' },
    );
    expect(await screen.findByText('一号金融 · 2026-11 渠道排行')).toBeTruthy();
    expect(screen.getByText('签约 2 单 · ¥7,000.00')).toBeTruthy();
    expect(page.api.lastCall(E.bestList).query).toEqual({ corp: '1' });
    await tap(screen.getByText('链家静安寺店'));
    expect(await screen.findByText('第 1 名')).toBeTruthy();
    expect(page.api.lastCall(E.bestDetail).query).toEqual({ corp: '1', id: '5' });
  });

  it('asks for WeChat on the portal’s other pages in a desktop browser', async () => {
    await renderPortal('/houseloan/list', [], { browser: 'desktop' });
    expect(await screen.findByText(/请在微信内打开页面|Please open the page inside WeChat/)).toBeTruthy();
  });
});
