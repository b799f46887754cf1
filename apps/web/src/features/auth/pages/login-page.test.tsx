import * as E from '@crm/domain/endpoints/auth';
import * as EHome from '@crm/domain/endpoints/home';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../../lib/storage.ts';
import { fail, type FakeReply, type Answers, network, ok, on, type ReplyData } from '../../../test/fake-api.ts';
import { findToast, type PageView, renderPage, tap } from '../../../test/page.ts';

const ONE_CORP = ok([{ label: '易数科技', value: 1 }]);
const MAY_SEND = ok({ enabled: true, retryAfter: 0 });

/** A server that sends the demo code 246810 and answers the login with `login`. */
const codeLoginApi = (login: FakeReply<ReplyData<typeof E.login>>): Answers => [
  on(E.corp, ONE_CORP),
  on(E.checkCaptcha, MAY_SEND),
  on(E.smsCode, ok({ verifyCode: '246810' })),
  on(E.login, login),
];

/** The only company shows as chosen: the list has loaded and the form can be filled. */
async function waitForTheOneCorp(): Promise<void> {
  await expect
    .poll(async () => (await screen.findByRole('button', { name: '公司' })).textContent)
    .toContain('易数科技');
}

/** Types the phone, waits until the server says a code may be sent, and asks for it. */
async function requestCode(page: PageView): Promise<void> {
  fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13912345678' } });
  await expect.poll(() => page.api.callsTo(E.checkCaptcha).length).toBe(1);
  await expect
    .poll(() => screen.getByRole('button', { name: '获取验证码' }).getAttribute('aria-disabled'))
    .toBe('false');
  await tap(screen.getByRole('button', { name: '获取验证码' }));
}

/** A login the server accepts; the page opened after it does not matter here, so its userinfo is refused. */
const ACCEPTED_LOGIN_API = [...codeLoginApi(ok({ id: 7 }, '登录成功')), on(EHome.userinfo, fail('稍后'))];

/** Opens `path` logged out over `api`, and asks for a code once the one company shows. */
async function openAndRequestCode(path: string, api: Answers): Promise<PageView> {
  const page = await renderPage(path, { user: null, api });
  await waitForTheOneCorp();
  await requestCode(page);
  return page;
}

/**
 * Lets the page's requests answer while the clock stands still: the fake API answers on promises and
 * setImmediate, which the fake timers below leave real.
 */
async function settle(until: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !until(); i += 1) await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
  expect(until()).toBe(true);
}

describe('/login', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts the SMS button down from 59 s and enables it again at zero, when the server allows a new code', async () => {
    const page = await renderPage('/login', { user: null, api: ACCEPTED_LOGIN_API });
    await waitForTheOneCorp();
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13912345678' } });
    const sms = () => screen.getByRole('button', { name: /^(获取验证码|\d+s)$/ });
    await expect.poll(() => sms().getAttribute('aria-disabled')).toBe('false');
    // The page's clock from the tap on: only the countdown's timers, advanced by hand.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await tap(sms());
      await settle(() => sms().textContent === '59s');
      for (let left = 58; left >= 1; left -= 1) {
        act(() => {
          vi.advanceTimersByTime(1000);
        });
        expect(sms().textContent).toBe(`${left}s`);
        expect(sms().getAttribute('aria-disabled')).toBe('true');
      }
      // 58.999 s: still 1s.
      act(() => {
        vi.advanceTimersByTime(999);
      });
      expect(sms().textContent).toBe('1s');
      act(() => {
        vi.advanceTimersByTime(1);
      });
      // 59 s: the count is over and the page asks the server, which allows a new code (its window is 59 s).
      expect(sms().textContent).toBe('获取验证码');
      await settle(() => sms().getAttribute('aria-disabled') === 'false');
      expect(page.api.callsTo(E.checkCaptcha).length).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs in with the SMS code sent to the phone typed, then opens the home page', async () => {
    // One company needs no choosing.
    const page = await openAndRequestCode('/login', ACCEPTED_LOGIN_API);
    expect(page.api.lastCall(E.smsCode).fields).toEqual({ phone: '13912345678' });
    // The demo SMS adapter answers the code, which the form fills in.
    expect(await screen.findByDisplayValue('246810')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await findToast('登录成功')).toBeTruthy();
    expect(page.api.lastCall(E.login).fields).toEqual({
      corp_id: '1',
      phone: '13912345678',
      code: '246810',
      wxworkid: 'null',
    });
    expect(getStoredUser()?.id).toBe(7);
    await expect.poll(page.pathname).toBe('/index');
  });

  it('asks for the company first when there is none to pick', async () => {
    const page = await renderPage('/login', { user: null, api: [on(E.corp, ok([]))] });
    expect((await screen.findByRole('button', { name: '公司' })).textContent).toContain('请选择公司');
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findAllByText('公司必选')).not.toHaveLength(0);
    expect(page.api.callsTo(E.login)).toHaveLength(0);
  });

  it('marks every bad field at once', async () => {
    await renderPage('/login', { user: null, api: [on(E.corp, ok([]))] });
    fireEvent.change(await screen.findByLabelText('手机号码'), { target: { value: '1234' } });
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findAllByText('公司必选')).not.toHaveLength(0);
    expect(screen.getAllByText('手机号码格式错误')).not.toHaveLength(0);
    expect(screen.getAllByText('验证码必填')).not.toHaveLength(0);
  });

  it('remembers who the automatic login signed in, so the home answer can fill in the rest', async () => {
    const page = await renderPage('/login?corp=2&wxworkid=demo-wecom-user', {
      user: null,
      api: [on(E.autoLogin, ok({ id: 9 })), on(EHome.userinfo, network.offline())],
    });
    await expect.poll(page.pathname).toBe('/index');
    expect(getStoredUser()).toMatchObject({ id: 9, leader: false });
  });

  it('comes with the company of the link chosen when the automatic login is refused', async () => {
    await renderPage('/login?corp=2&wxworkid=demo-wecom-user', {
      user: null,
      api: [
        on(E.autoLogin, fail('该企业微信成员尚未绑定账号')),
        on(
          E.corp,
          ok([
            { label: '易数科技', value: 1 },
            { label: '江南金服', value: 2 },
          ]),
        ),
      ],
    });
    await expect
      .poll(async () => (await screen.findByRole('button', { name: '公司' })).textContent)
      .toContain('江南金服');
  });

  it('refuses a code that was not sent to this phone without asking the server', async () => {
    const page = await renderPage('/login', {
      user: null,
      api: [on(E.corp, ONE_CORP), on(E.checkCaptcha, MAY_SEND)],
    });
    await waitForTheOneCorp();
    fireEvent.change(screen.getByLabelText('手机号码'), { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await findToast('验证码输入错误')).toBeTruthy();
    expect(page.api.callsTo(E.login)).toHaveLength(0);
  });

  it("shows the server's refusal of a login and stays", async () => {
    const page = await openAndRequestCode('/login', codeLoginApi(fail('验证码已过期')));
    await screen.findByDisplayValue('246810');
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await findToast('验证码已过期')).toBeTruthy();
    expect(page.pathname()).toBe('/login');
    expect(getStoredUser()).toBeNull();
  });

  it('says so when the company list cannot be loaded', async () => {
    await renderPage('/login', { user: null, api: [on(E.corp, network.offline())] });
    expect(await findToast(network.message)).toBeTruthy();
  });

  it('offers a retry of the company list', async () => {
    const page = await renderPage('/login', { user: null, api: [on(E.corp, network.offline())] });
    await page.retryFailedLoad(network.message, E.corp, ONE_CORP);
    await waitForTheOneCorp();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
  });

  it('opened from the back office, goes back to it after the login', async () => {
    const page = await openAndRequestCode('/login?to=admin', ACCEPTED_LOGIN_API);
    expect(await screen.findByDisplayValue('246810')).toBeTruthy();
    await tap(screen.getByRole('button', { name: '登录' }));
    // The router commits /admin once the back office's chunk has loaded: the biggest one, which takes a loaded
    // machine more than the 5 s default to transform on first import.
    await expect.poll(page.pathname, { timeout: 30_000 }).toBe('/admin');
  });

  it('sends a stored user straight to the home page', async () => {
    const page = await renderPage('/login', { api: [on(EHome.userinfo, fail('稍后'))] });
    await expect.poll(page.pathname).toBe('/index');
    expect(page.api.callsTo(E.corp)).toHaveLength(0);
  });
});
