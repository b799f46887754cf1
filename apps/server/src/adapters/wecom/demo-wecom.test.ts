import { describe, expect, it } from 'vitest';
import { DEMO_JSAPI_TICKET, createDemoWecomAdapter } from './demo-wecom.ts';
import { WecomError, jsSdkSignature } from './wecom.ts';

describe('createDemoWecomAdapter', () => {
  it('round-trips: the authorize URL lands on the callback with a code that resolves to the demo user', async () => {
    const wecom = createDemoWecomAdapter({ demoUserId: 'zhangsan' });
    expect(wecom.kind).toBe('demo');
    const url = new URL(wecom.oauthAuthorizeUrl('https://crm.example.com/api/auth/wecom/callback?next=%2Fhome', 's-1'));
    expect(url.origin + url.pathname).toBe('https://crm.example.com/api/auth/wecom/callback');
    expect(url.searchParams.get('next')).toBe('/home');
    expect(url.searchParams.get('state')).toBe('s-1');
    await expect(wecom.getUserIdByCode(url.searchParams.get('code') ?? '')).resolves.toBe('zhangsan');
  });

  it('builds the web-login URL the same way, adding ? when there is no query and keeping a #fragment last', () => {
    const wecom = createDemoWecomAdapter();
    expect(wecom.webLoginUrl('http://localhost:5173/cb', 'abc')).toBe(
      'http://localhost:5173/cb?code=demo%3Ademo-wecom-user&state=abc',
    );
    expect(wecom.oauthAuthorizeUrl('http://localhost/cb?x=1#top', 'a b')).toBe(
      'http://localhost/cb?x=1&code=demo%3Ademo-wecom-user&state=a%20b#top',
    );
  });

  it('rejects codes it did not issue', async () => {
    const wecom = createDemoWecomAdapter();
    await expect(wecom.getUserIdByCode('real-wecom-code')).rejects.toBeInstanceOf(WecomError);
    await expect(wecom.getUserIdByCode('demo:')).rejects.toMatchObject({ errcode: 40029 });
  });

  it('signs JS-SDK config deterministically over the fixed demo ticket', async () => {
    const wecom = createDemoWecomAdapter({ now: () => 1_700_000_000_000 });
    const a = await wecom.jsSdkConfig('https://crm.example.com/app#/x');
    const b = await wecom.jsSdkConfig('https://crm.example.com/app');
    expect(a).toEqual(b);
    expect(a.timestamp).toBe(1_700_000_000);
    expect(a.signature).toBe(
      jsSdkSignature({
        ticket: DEMO_JSAPI_TICKET,
        nonceStr: a.nonceStr,
        timestamp: a.timestamp,
        url: 'https://crm.example.com/app',
      }),
    );
  });
});
