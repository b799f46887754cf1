import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoWechatMpAdapter, createWechatMpAdapter, WechatMpError, WechatSnapshotUserError } from './index.ts';
import { startFakeWechatMp } from './fake-wechat-mp-server.ts';

describe('WeChat official-account web authorisation (snsapi_base)', () => {
  let fake: Awaited<ReturnType<typeof startFakeWechatMp>>;
  beforeAll(async () => {
    fake = await startFakeWechatMp({ appId: 'wx123', secret: 's3cret' });
  });
  afterAll(() => fake.close());

  it('sends the browser to WeChat with the base scope and the state, ending in #wechat_redirect', () => {
    const url = new URL(
      createWechatMpAdapter({ appId: 'wx123', secret: 's3cret' }).authorizeUrl('https://crm.example/cb?x=1', 'st'),
    );
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wx123',
      redirect_uri: 'https://crm.example/cb?x=1',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'st',
    });
    expect(url.hash).toBe('#wechat_redirect');
  });

  it('exchanges a code for the openid on the server, once', async () => {
    const adapter = createWechatMpAdapter({ appId: 'wx123', secret: 's3cret', apiBase: fake.base });
    fake.issue('code-1', 'oOPENID1');
    await expect(adapter.openidForCode('code-1')).resolves.toBe('oOPENID1');
    expect(fake.requests.at(-1)?.searchParams.get('grant_type')).toBe('authorization_code');
    await expect(adapter.openidForCode('code-1')).rejects.toThrow(WechatMpError);
  });

  it('refuses a 朋友圈 snapshot viewer (is_snapshotuser: 1): their openid is a virtual one', async () => {
    const adapter = createWechatMpAdapter({ appId: 'wx123', secret: 's3cret', apiBase: fake.base });
    fake.issue('code-snap', 'oVIRTUAL', { snapshot: true });
    await expect(adapter.openidForCode('code-snap')).rejects.toThrow(WechatSnapshotUserError);
    fake.issue('code-snap2', 'oVIRTUAL', { snapshot: true });
    await expect(adapter.openidForCode('code-snap2')).rejects.toThrow('使用完整服务');
  });

  it('refuses with a Chinese message when the secret is wrong or WeChat is out of reach', async () => {
    fake.issue('code-2', 'oOPENID2');
    await expect(
      createWechatMpAdapter({ appId: 'wx123', secret: 'wrong', apiBase: fake.base }).openidForCode('code-2'),
    ).rejects.toThrow('微信授权已失效');
    await expect(
      createWechatMpAdapter({ appId: 'wx123', secret: 's3cret', apiBase: 'http://127.0.0.1:9' }).openidForCode('x'),
    ).rejects.toThrow('暂时无法访问');
  });

  it('the offline stand-in gives one stable openid per demo user and refuses other codes', async () => {
    const demo = createDemoWechatMpAdapter('agent-a');
    const back = new URL(demo.authorizeUrl('http://localhost:3000/api/houseloan/oauth/callback', 'st'));
    const code = back.searchParams.get('code') ?? '';
    expect(back.searchParams.get('state')).toBe('st');
    expect(await demo.openidForCode(code)).toBe(await demo.openidForCode(code));
    expect(await demo.openidForCode(code)).not.toBe(
      await createDemoWechatMpAdapter('agent-b').openidForCode('demo:agent-b'),
    );
    await expect(demo.openidForCode('real-code')).rejects.toThrow(WechatMpError);
  });
});
