import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWecomAdapter } from '../../adapters/wecom/index.ts';
import { startFakeWecomServer, type FakeWecomServer } from '../../adapters/wecom/fake-wecom-server.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createCompany, createStaff } from '../../test/factories.ts';
import { cookieFrom, postForm } from '../../test/http.ts';
import { WECOM_IDENTITY_COOKIE } from './wecom-identity.ts';

/*
 * The whole WeCom entry with the real WeCom adapter, against a local server that speaks WeCom's API:
 * authorize redirect → callback with a code → gettoken + getuserinfo → identity cookie → first SMS login
 * binds the member → the next open logs in by itself.
 */
let wecom: FakeWecomServer;
let test: TestApp;
let clock = new Date('2026-11-21T08:00:00Z');

beforeAll(async () => {
  wecom = await startFakeWecomServer({ corpId: 'ww-test', secret: 's3cret', users: {} });
  test = await buildTestApp({
    now: () => clock,
    wecom: createWecomAdapter({ corpId: 'ww-test', agentId: '1000002', secret: 's3cret', apiBase: wecom.apiBase }),
    config: { PUBLIC_URL: 'https://crm.example.com' },
  });
});
afterAll(async () => {
  await test.close();
  await wecom.close();
});

async function openFromWecom(corpId: number, code: string) {
  const start = await test.app.inject({ method: 'GET', url: `/api/wechat/wxworkLogin?corp=${corpId}` });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.origin).toBe('https://open.weixin.qq.com');
  expect(authorize.searchParams.get('appid')).toBe('ww-test');
  expect(authorize.searchParams.get('redirect_uri')).toBe('https://crm.example.com/api/wechat/callback');
  expect(authorize.hash).toBe('#wechat_redirect');
  const state = authorize.searchParams.get('state') ?? '';
  const stateCookie = start.cookies.find((c) => c.name === 'crm_oauth_state')?.value ?? '';
  // WeCom sends the browser back with a code; the fake knows whose it is.
  return test.app.inject({
    method: 'GET',
    url: `/api/wechat/callback?code=${code}&state=${encodeURIComponent(state)}`,
    headers: { cookie: `crm_oauth_state=${stateCookie}` },
  });
}

/** The page's autoLogin call, with the identity cookie the callback left in the browser. */
const autoLogin = (corpId: number, wxworkid: string, identity: string) =>
  postForm(test.app, '/api/crm/autoLogin', { corp: corpId, wxworkid }, { cookie: identity });

describe('WeCom login through the WeCom API', () => {
  it('binds the member on the first SMS login and logs in by itself afterwards', async () => {
    const corp = await createCompany(test.db);
    const person = await createStaff(test.db, corp.id);
    wecom.addUser('code-1', 'zhangsan');

    const callback = await openFromWecom(corp.id, 'code-1');
    expect(callback.headers.location).toBe(`/login?corp=${corp.id}&wxworkid=zhangsan`);
    const identity = cookieFrom(callback, WECOM_IDENTITY_COOKIE);

    const unbound = await autoLogin(corp.id, 'zhangsan', identity);
    expect(unbound.json()).toMatchObject({ code: 1, msg: '企业微信账号尚未绑定，请使用手机号验证码登录' });

    await postForm(test.app, '/common/smsCode', { phone: person.phone });
    const code = test.sms.lastCodeFor(person.phone) ?? '';
    const login = await postForm(
      test.app,
      '/api/crm/login',
      { corp_id: corp.id, phone: person.phone, code, wxworkid: 'zhangsan' },
      { cookie: identity },
    );
    expect(login.json()).toMatchObject({ code: 0, data: { id: person.id } });

    wecom.addUser('code-2', 'zhangsan');
    clock = new Date(clock.getTime() + 3600_000);
    const again = await openFromWecom(corp.id, 'code-2');
    const freshIdentity = cookieFrom(again, WECOM_IDENTITY_COOKIE);
    const auto = await autoLogin(corp.id, 'zhangsan', freshIdentity);
    expect(auto.json()).toMatchObject({ code: 0, data: { id: person.id } });
  });

  it('sends a code WeCom does not know back to the login form with a message', async () => {
    const corp = await createCompany(test.db);
    const callback = await openFromWecom(corp.id, 'unknown-code');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`/login?error=${encodeURIComponent('企业微信身份已失效，请重新打开应用')}`);
    expect(callback.cookies.find((c) => c.name === WECOM_IDENTITY_COOKIE)).toBeUndefined();
  });

  it('uses WeCom web login (wwlogin) for company 1', async () => {
    const start = await test.app.inject({ method: 'GET', url: '/api/wechat/wwlogin?corp=1' });
    const target = new URL(start.headers.location as string);
    expect(`${target.origin}${target.pathname}`).toBe('https://login.work.weixin.qq.com/wwlogin/sso/login');
    expect(target.searchParams.get('login_type')).toBe('CorpApp');
    expect(target.searchParams.get('agentid')).toBe('1000002');
  });
});
