import { describe, expect, it } from 'vitest';
import { WecomError } from './wecom.ts';
import { createWecomAdapter } from './wecom-adapter.ts';
import { AGENT_ID, CORP_ID, SECRET, fakeWecomPerTest } from './wecom.test-helpers.ts';
import { rejectionOf } from '../../test/rejection.ts';

const setup = fakeWecomPerTest();

const wecomError = (promise: Promise<unknown>) => rejectionOf(promise, WecomError);

describe('createWecomAdapter against the fake WeCom server', () => {
  it('resolves a member code to the userid and caches the token across calls', async () => {
    const { server, wecom } = await setup({ users: { c1: 'zhangsan', c2: 'lisi' } });
    expect(wecom.kind).toBe('wecom');
    await expect(wecom.getUserIdByCode('c1')).resolves.toBe('zhangsan');
    await expect(wecom.getUserIdByCode('c2')).resolves.toBe('lisi');
    expect(server.tokenRequests).toBe(1);
    expect(server.requests.find((r) => r.path === '/cgi-bin/auth/getuserinfo')?.query).toEqual({
      code: 'c1',
      access_token: 'fake-token-1',
    });
  });

  it('fetches the token once for concurrent callers', async () => {
    const users = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`c${i}`, `u${i}`]));
    const { server, wecom } = await setup({ users });
    const ids = await Promise.all(Object.keys(users).map((code) => wecom.getUserIdByCode(code)));
    expect(ids).toEqual(Object.values(users));
    expect(server.tokenRequests).toBe(1);
  });

  it('refetches the token 5 minutes before it expires', async () => {
    let clock = 1_000_000;
    const { server, wecom } = await setup({ users: { a: 'x', b: 'y', c: 'z' } }, { now: () => clock });
    await wecom.getUserIdByCode('a');
    clock += (7200 - 300) * 1000 - 1;
    await wecom.getUserIdByCode('b');
    expect(server.tokenRequests).toBe(1);
    clock += 1;
    await wecom.getUserIdByCode('c');
    expect(server.tokenRequests).toBe(2);
  });

  it('refreshes an expired token (42001) and retries the call once', async () => {
    const { server, wecom } = await setup({ users: { a: 'x', b: 'y' } });
    await wecom.getUserIdByCode('a');
    server.expireTokens();
    await expect(wecom.getUserIdByCode('b')).resolves.toBe('y');
    expect(server.tokenRequests).toBe(2);
    expect(
      server.requests.filter((r) => r.path === '/cgi-bin/auth/getuserinfo').map((r) => r.query.access_token),
    ).toEqual(['fake-token-1', 'fake-token-1', 'fake-token-2']);
  });

  it('refreshes once when several concurrent callers hit the same expired token', async () => {
    const { server, wecom } = await setup({ users: { a: 'x', b: 'y', c: 'z', d: 'w' } });
    await wecom.getUserIdByCode('a');
    server.expireTokens();
    await expect(Promise.all(['b', 'c', 'd'].map((c) => wecom.getUserIdByCode(c)))).resolves.toEqual(['y', 'z', 'w']);
    expect(server.tokenRequests).toBe(2);
  });

  it('gives up when the refreshed token is rejected too (no retry loop)', async () => {
    const { server } = await setup({ users: { a: 'x' } });
    // Every token dies the moment it is issued, so the retry is rejected just like the first try.
    const expiringFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if ((input instanceof Request ? input.url : input.toString()).includes('/cgi-bin/gettoken'))
        server.expireTokens();
      return res;
    };
    const wecom = createWecomAdapter({
      corpId: CORP_ID,
      agentId: AGENT_ID,
      secret: SECRET,
      apiBase: server.apiBase,
      fetchImpl: expiringFetch,
    });
    const err = await wecomError(wecom.getUserIdByCode('a'));
    expect(err).toMatchObject({ reason: 'api', errcode: 42001 });
    expect(server.tokenRequests).toBe(2);
  });

  it('throws WecomError for an invalid or already used code', async () => {
    const { wecom } = await setup({ users: { once: 'x' } });
    await wecom.getUserIdByCode('once');
    const err = await wecomError(wecom.getUserIdByCode('once'));
    expect(err).toMatchObject({ reason: 'api', errcode: 40029, message: '企业微信授权失败，请重试' });
  });

  it('throws a not-member WecomError for a visitor outside the corp', async () => {
    const { wecom } = await setup({ visitors: { v: 'oXYZ' } });
    const err = await wecomError(wecom.getUserIdByCode('v'));
    expect(err.reason).toBe('not-member');
  });

  it('throws WecomError when gettoken rejects the secret or corp id, without retrying', async () => {
    const { server, wecom } = await setup({ users: { a: 'x' } }, { secret: 'wrong' });
    const err = await wecomError(wecom.getUserIdByCode('a'));
    expect(err).toMatchObject({ reason: 'api', errcode: 40001 });
    expect(server.tokenRequests).toBe(1);

    const badCorp = createWecomAdapter({ corpId: 'nope', agentId: AGENT_ID, secret: SECRET, apiBase: server.apiBase });
    expect((await wecomError(badCorp.getUserIdByCode('a'))).errcode).toBe(40013);
  });

  it('does not cache a failed token fetch', async () => {
    const { server, wecom } = await setup({ users: { a: 'x' } }, { timeoutMs: 100 });
    server.stall();
    expect((await wecomError(wecom.getUserIdByCode('a'))).reason).toBe('network');
    await expect(wecom.getUserIdByCode('a')).resolves.toBe('x');
    expect(server.tokenRequests).toBe(1); // the stalled request never reached the counter
  });

  it('times out with a network WecomError when WeCom never answers', async () => {
    const { server, wecom } = await setup({ users: { a: 'x' } }, { timeoutMs: 100 });
    await wecom.getUserIdByCode('a'); // token cached, so the stall hits getuserinfo
    server.addUser('b', 'y');
    server.stall();
    const started = Date.now();
    const err = await wecomError(wecom.getUserIdByCode('b'));
    expect(err).toMatchObject({ reason: 'network', errcode: -1 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("signs JS-SDK config with the fetched ticket, matching WeCom's documented example", async () => {
    const { server, wecom } = await setup(
      { jsapiTicket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg' },
      { now: () => 1414587457_000, nonce: () => 'Wm3WZYTPz0wzccnW' },
    );
    const config = await wecom.jsSdkConfig('http://mp.weixin.qq.com?params=value#/page');
    expect(config).toEqual({
      appId: CORP_ID,
      timestamp: 1414587457,
      nonceStr: 'Wm3WZYTPz0wzccnW',
      signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    });
    await wecom.jsSdkConfig('http://mp.weixin.qq.com?params=value');
    expect(server.ticketRequests).toBe(1);
    expect(server.tokenRequests).toBe(1);
  });

  it('refreshes the token behind the ticket fetch too', async () => {
    const { server, wecom } = await setup({ users: { a: 'x' } });
    await wecom.getUserIdByCode('a');
    server.expireTokens();
    await expect(wecom.jsSdkConfig('https://crm.example.com/')).resolves.toMatchObject({ appId: CORP_ID });
    expect(server.tokenRequests).toBe(2);
    expect(server.ticketRequests).toBe(1);
  });

  it('gives each JS-SDK config a fresh nonce by default', async () => {
    const { wecom } = await setup();
    const a = await wecom.jsSdkConfig('https://crm.example.com/');
    const b = await wecom.jsSdkConfig('https://crm.example.com/');
    expect(a.nonceStr).toMatch(/^[0-9a-f]{16}$/);
    expect(a.nonceStr).not.toBe(b.nonceStr);
  });
});

describe('WeCom URLs', () => {
  const wecom = createWecomAdapter({ corpId: CORP_ID, agentId: AGENT_ID, secret: SECRET });
  const redirect = 'https://crm.example.com/api/auth/wecom/callback?next=/customers&x=1';

  it('builds the in-app OAuth2 URL with the redirect encoded and #wechat_redirect last', () => {
    expect(wecom.oauthAuthorizeUrl(redirect, 'st8')).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=ww0123456789abcdef' +
        '&redirect_uri=https%3A%2F%2Fcrm.example.com%2Fapi%2Fauth%2Fwecom%2Fcallback%3Fnext%3D%2Fcustomers%26x%3D1' +
        '&response_type=code&scope=snsapi_base&state=st8&agentid=1000002#wechat_redirect',
    );
  });

  it('builds the web-login (wwlogin SSO) URL', () => {
    const url = new URL(wecom.webLoginUrl(redirect, 'st8'));
    expect(url.origin + url.pathname).toBe('https://login.work.weixin.qq.com/wwlogin/sso/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      login_type: 'CorpApp',
      appid: CORP_ID,
      agentid: AGENT_ID,
      redirect_uri: redirect,
      state: 'st8',
    });
    expect(wecom.webLoginUrl(redirect, 'st8')).toContain('redirect_uri=https%3A%2F%2Fcrm.example.com%2Fapi');
  });
});
