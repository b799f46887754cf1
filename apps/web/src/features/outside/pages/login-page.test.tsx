import * as EAuth from '@crm/domain/endpoints/auth';
import * as EOutside from '@crm/domain/endpoints/outside';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, findFieldError, findToast, ok, renderPageWith, tap, typeInto, on } from '../../../test/page.ts';
import { aPartner } from '../../../test/outside-data.ts';
import { logInToPortal, PORTAL_LOGIN_API } from '../../../test/steps-portal.ts';

const renderLogin = renderPageWith('/outside/login', { user: null, api: PORTAL_LOGIN_API });

describe('/outside/login', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the code with scene 'outside', logs in and opens the partner's home", async () => {
    const page = await renderLogin([
      on(EOutside.outsideLogin, ok(aPartner(), '登录成功')),
      on(EOutside.getOutsideUser, ok(aPartner())),
    ]);
    expect(await screen.findByText('一号金融')).toBeTruthy();
    expect(screen.queryByText('没有账号？注册')?.getAttribute('href')).toBe('/outside/register');
    expect(await logInToPortal(page, 'outside', '13800138000')).toEqual({
      id: 5,
      name: '李伙伴',
      corp_id: 1,
      status: 1,
    });
    expect(await screen.findByText('李伙伴')).toBeTruthy();
  });

  it('names every bad field and sends nothing', async () => {
    const page = await renderLogin([
      on(
        EAuth.corp,
        ok([
          { label: '一号金融', value: 1 },
          { label: '二号金融', value: 2 },
        ]),
      ),
    ]);
    await screen.findByText('请选择公司');
    await tap(screen.getByRole('button', { name: '登录' }));
    expect((await findFieldError('公司')).textContent).toBeTruthy();
    expect((await findFieldError('手机号')).textContent).toBeTruthy();
    expect((await findFieldError('验证码')).textContent).toBeTruthy();
    expect(page.api.callsTo(EOutside.outsideLogin)).toHaveLength(0);
  });

  it("shows the server's refusal and stays", async () => {
    const page = await renderLogin([on(EOutside.outsideLogin, fail('验证码错误'))]);
    await screen.findByText('一号金融');
    typeInto('outside-login-phone', '13800138000');
    typeInto('outside-login-code', '654321');
    await tap(screen.getByRole('button', { name: '登录' }));
    expect(await findToast('验证码错误')).toBeTruthy();
    expect(page.pathname()).toBe('/outside/login');
  });

  it('refuses to send a code to a bad phone', async () => {
    const page = await renderLogin();
    await screen.findByText('一号金融');
    typeInto('outside-login-phone', '123');
    await tap(screen.getByRole('button', { name: '获取验证码' }));
    expect(await findToast('请输入正确的手机号')).toBeTruthy();
    expect(page.api.callsTo(EAuth.smsCode)).toHaveLength(0);
  });

  it('counts the SMS button down from 59 s, as the staff login does, and enables it at zero', async () => {
    await renderLogin();
    await screen.findByText('一号金融');
    typeInto('outside-login-phone', '13800138000');
    const sms = () => screen.getByRole('button', { name: /^(获取验证码|\d+ 秒后重发)$/ });
    // From the tap on, only the countdown's timers run, advanced by hand; the fake API answers on promises.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await tap(sms());
    for (let i = 0; i < 500 && sms().textContent !== '59 秒后重发'; i += 1)
      await act(() => new Promise<void>((resolve) => setImmediate(resolve)));
    expect(sms().textContent).toBe('59 秒后重发');
    for (let left = 58; left >= 1; left -= 1) {
      act(() => {
        vi.advanceTimersByTime(1000);
      });
      expect(sms().textContent).toBe(`${left} 秒后重发`);
      expect(sms().hasAttribute('disabled')).toBe(true);
    }
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(sms().textContent).toBe('1 秒后重发');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(sms().textContent).toBe('获取验证码');
    expect(sms().hasAttribute('disabled')).toBe(false);
  });
});
