import * as E from '@crm/domain/endpoints/chatter';
import type { Filing, WxWorkConfig } from '@crm/domain/api/chatter';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, findToast, ok, on, pageOf, renderPage, renderPageWith, tap } from '../../../test/page.ts';

const EXT = 'wmDemoChen0001';
const signature = { timestamp: 1_800_000_000, nonceStr: 'n', signature: 's' };
const demoConfig: WxWorkConfig = {
  corpId: 'demo-corp',
  agentId: '1000001',
  config: signature,
  agentConfig: signature,
  demo: true,
  demo_contacts: [
    { external_userid: EXT, name: '陈女士' },
    { external_userid: 'wmDemoLiu00002', name: '刘先生' },
  ],
};
const aFiling = (over: Partial<Filing> = {}): Filing => ({
  id: 11,
  external_userid: EXT,
  name: '陈女士',
  mobile: '',
  remark: '',
  source: '',
  staff_name: '王小明',
  real_name: null,
  id_number_masked: null,
  authed_at: null,
  wallet: null,
  created_at: '2026-11-23T01:00:00.000Z',
  ...over,
});
const wallet = { account_id: 3, balance: 120, link: 'http://crm/chattergee/purse/11?w=x' };
const walletFiling = aFiling({
  real_name: '陈静',
  id_number_masked: '110105********002X',
  authed_at: '2026-11-23T01:00:00.000Z',
  wallet,
});
const base = [on(E.initWxWorkConfig, ok(demoConfig)), on(E.getIntegral, ok({ mine: 500, customer: 120 }))];

afterEach(() => {
  sessionStorage.clear();
  window.__chattergeeCards = [];
});

describe('/chattergee/home', () => {
  it('outside a chat says so; in demo mode a contact is picked and an unfiled one offers 建档', async () => {
    const page = await renderPage('/chattergee/home', {
      api: [...base, on(E.getFiling, ok({ external_userid: EXT, contact_name: '陈女士', filing: null }))],
    });
    expect(await screen.findByText('请在企业微信的客户聊天侧边栏中打开本工具')).toBeTruthy();
    await tap(screen.getByText('陈女士'));
    expect(await screen.findByText('该客户尚未建档')).toBeTruthy();
    expect(page.api.lastCall(E.getFiling).fields).toEqual({ external_userid: EXT });
    await tap(screen.getByRole('button', { name: '为客户建档' }));
    await expect.poll(() => page.pathname()).toBe(`/chattergee/add/${EXT}`);
  });

  it('shows a filed customer with the wallet and the next steps', async () => {
    sessionStorage.setItem('chattergee.demoContact', EXT);
    const page = await renderPage('/chattergee/home', {
      api: [...base, on(E.getFiling, ok({ external_userid: EXT, contact_name: '陈女士', filing: walletFiling }))],
    });
    expect(await screen.findByText('钱包余额 120 积分')).toBeTruthy();
    expect(screen.getByText('已实名')).toBeTruthy();
    expect(await screen.findByText('我的积分 500')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '赠送积分' }));
    await expect.poll(() => page.pathname()).toBe(`/chattergee/send/${EXT}`);
  });

  it('shows a refusal of the file with a retry', async () => {
    sessionStorage.setItem('chattergee.demoContact', EXT);
    const page = await renderPage('/chattergee/home', {
      api: [...base, on(E.getFiling, fail('你不是该客户的跟进人'))],
    });
    await page.retryFailedLoad(
      '你不是该客户的跟进人',
      E.getFiling,
      ok({ external_userid: EXT, contact_name: '陈女士', filing: null }),
    );
    expect(await screen.findByText('该客户尚未建档')).toBeTruthy();
  });
});

describe('/chattergee/add/{external_userid}', () => {
  it('files the contact under the name WeCom gives, and keeps the input after a refusal', async () => {
    const page = await renderPage(`/chattergee/add/${EXT}`, {
      api: [
        ...base,
        on(E.getFiling, ok({ external_userid: EXT, contact_name: '陈女士', filing: null })),
        on(E.addFiling, fail('手机号格式不正确')),
      ],
    });
    expect((await screen.findByLabelText<HTMLInputElement>('客户姓名')).value).toBe('陈女士');
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1391234' } });
    expect(await page.sentFields('提交', '手机号格式不正确', E.addFiling)).toEqual({
      external_userid: EXT,
      name: '陈女士',
      mobile: '1391234',
      remark: '',
    });
    expect(screen.getByLabelText<HTMLInputElement>('手机号').value).toBe('1391234');
    page.api.set([on(E.addFiling, ok(aFiling(), '建档成功'))]);
    await tap(screen.getByRole('button', { name: '提交' }));
    await findToast('建档成功');
    await expect.poll(() => page.pathname()).toBe('/chattergee/home');
  });
});

describe('/chattergee/auth/{id}', () => {
  it('sends the name, the ID number and the card photo, and shows the result', async () => {
    const page = await renderPage('/chattergee/auth/11', {
      api: [...base, on(E.authFiling, ok(walletFiling, '实名认证成功'))],
    });
    await tap(await screen.findByRole('button', { name: '提交' }));
    expect(await findToast('请上传身份证人像面照片')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('身份证姓名'), { target: { value: '陈静' } });
    fireEvent.change(screen.getByLabelText('身份证号码'), { target: { value: '11010519491231002X' } });
    fireEvent.change(screen.getByLabelText('身份证人像面照片'), {
      target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff])], 'card.jpg', { type: 'image/jpeg' })] },
    });
    expect(await page.sentFields('提交', '实名认证成功', E.authFiling)).toEqual({
      id: '11',
      real_name: '陈静',
      id_number: '11010519491231002X',
      file: '[file card.jpg]',
    });
    expect(await screen.findByText('已实名：陈静（110105********002X）')).toBeTruthy();
  });
});

describe('/chattergee/purse/{id}', () => {
  it('opens the wallet, or shows why not', async () => {
    const page = await renderPage('/chattergee/purse/11', {
      api: [...base, on(E.openPurse, fail('请先完成客户实名认证'))],
    });
    await screen.findByText('开通后，你可以向该客户的钱包赠送积分。');
    expect(await page.sentFields('开通钱包', '请先完成客户实名认证', E.openPurse)).toEqual({
      id: '11',
    });
    page.api.set([on(E.openPurse, ok({ ...walletFiling, wallet: { ...wallet, balance: 0 } }, '钱包开通成功'))]);
    await tap(screen.getByRole('button', { name: '开通钱包' }));
    expect(await screen.findByText('钱包余额 0 积分')).toBeTruthy();
  });
});

/** The send page for the customer EXT, its usual calls answered. */
const openSend = renderPageWith(`/chattergee/send/${EXT}`, { api: base });
/** A WeCom card the server builds to send into the chat, opening the wallet. */
const aCard = (title: string, desc: string) => ({ title, desc, link: 'http://crm/w', imgUrl: '' });

describe('/chattergee/send/{external_userid}', () => {
  it('sends points with an idempotency key, then the server-built card into the chat', async () => {
    const card = aCard('您收到 30 积分', '王小明 赠送：首单奖励。钱包余额 150 积分');
    const page = await openSend([
      on(
        E.sendPoint,
        ok({ transfer_id: 9, amount: 30, mine: 470, customer: 150, replayed: false, card }, '积分赠送成功'),
      ),
    ]);
    expect(await screen.findByText('我的积分 500 · 客户钱包 120')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('赠送积分'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('赠送原因'), { target: { value: '首单奖励' } });
    const fields = await page.sentFields('赠送积分', '积分赠送成功，已赠送，积分卡片已发送到聊天', E.sendPoint);
    expect(fields).toMatchObject({ external_userid: EXT, amount: '30', reason: '首单奖励' });
    expect(String(fields.idempotency_key)).toMatch(/^[0-9a-f-]{36}$/);
    expect(window.__chattergeeCards).toEqual([card]);
  });

  it('keeps the amount and reason after a refusal', async () => {
    const page = await openSend([on(E.sendPoint, fail('积分余额不足'))]);
    fireEvent.change(await screen.findByLabelText('赠送积分'), { target: { value: '9999' } });
    fireEvent.change(screen.getByLabelText('赠送原因'), { target: { value: '活动' } });
    await page.sentFields('赠送积分', '积分余额不足', E.sendPoint);
    expect(screen.getByLabelText<HTMLInputElement>('赠送积分').value).toBe('9999');
    expect(window.__chattergeeCards ?? []).toEqual([]);
  });
});

describe('the wallet QR code', () => {
  it('shows the PNG the server made and sends its card into the chat', async () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const card = aCard('您的积分钱包', '扫码或点击查看钱包，当前余额 120 积分');
    const page = await openSend([on(E.sendQrcode, ok({ link: card.link, png, card }))]);
    await tap(await screen.findByRole('button', { name: '发送钱包二维码' }));
    expect((await screen.findByAltText('客户钱包二维码')).getAttribute('src')).toBe(png);
    expect(page.api.lastCall(E.sendQrcode).fields).toEqual({ external_userid: EXT });
    expect(window.__chattergeeCards).toEqual([card]);
  });
});

describe('/chattergee/user, list/{id}, tool', () => {
  it('lists my customers and opens one’s points', async () => {
    const page = await renderPage('/chattergee/user', {
      api: [
        ...base,
        on(
          E.userlist,
          ok(
            pageOf([
              {
                id: 11,
                external_userid: EXT,
                name: '陈女士',
                authed: true,
                balance: 120,
                created_at: '2026-11-23T01:00:00.000Z',
              },
            ]),
          ),
        ),
        on(
          E.pointList,
          ok(
            pageOf([
              { id: 4, amount: 120, reason: '首单奖励', staff_name: '王小明', created_at: '2026-11-23T01:00:00.000Z' },
            ]),
          ),
        ),
      ],
    });
    await tap(await screen.findByText('陈女士'));
    expect(await screen.findByText('王小明：首单奖励')).toBeTruthy();
    expect(screen.getByText('+120')).toBeTruthy();
    expect(page.pathname()).toBe('/chattergee/list/11');
  });

  it('says when there are no customers yet', async () => {
    await renderPage('/chattergee/user', { api: [...base, on(E.userlist, ok(pageOf([])))] });
    expect(await screen.findByText('还没有建档的客户')).toBeTruthy();
  });

  it('the tool page shows my points and the company’s workbench items', async () => {
    await renderPage('/chattergee/tool', {
      api: [
        ...base,
        on(E.workList, ok({ list: [{ id: 1, title: '积分钱包工具', url: '/chattergee/home', sort: 1 }] })),
      ],
    });
    expect(await screen.findByText('我的积分 500')).toBeTruthy();
    expect(screen.getByRole('link', { name: '积分钱包工具' }).getAttribute('href')).toBe('/chattergee/home');
  });
});
