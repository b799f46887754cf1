import http from 'node:http';
import { listenLocally } from '../local-server.ts';

/**
 * A local stand-in for api.weixin.qq.com's /sns/oauth2/access_token: answers the openid of a code it
 * was told about, once, when appid and secret match; WeChat's error bodies otherwise.
 */
export async function startFakeWechatMp(app: { appId: string; secret: string }) {
  const codes = new Map<string, { openid: string; snapshot: boolean }>();
  const requests: URL[] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(url);
    const reply = (body: unknown) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    };
    const q = url.searchParams;
    if (url.pathname !== '/sns/oauth2/access_token') return reply({ errcode: 404, errmsg: 'not found' });
    if (q.get('appid') !== app.appId || q.get('secret') !== app.secret)
      return reply({ errcode: 40125, errmsg: 'invalid appsecret' });
    if (q.get('grant_type') !== 'authorization_code') return reply({ errcode: 40002, errmsg: 'invalid grant_type' });
    const issued = codes.get(q.get('code') ?? '');
    if (!issued) return reply({ errcode: 40029, errmsg: 'invalid code' });
    codes.delete(q.get('code') ?? '');
    const { openid, snapshot } = issued;
    return reply({
      access_token: 'token',
      expires_in: 7200,
      refresh_token: 'r',
      openid,
      scope: 'snsapi_base',
      ...(snapshot ? { is_snapshotuser: 1 } : {}),
    });
  });
  const base = await listenLocally(server);
  return {
    base,
    requests,
    /** WeChat issuing `code` for the user `openid` after the person agreed (or a 朋友圈 snapshot viewer's). */
    issue: (code: string, openid: string, options: { snapshot?: boolean } = {}) =>
      codes.set(code, { openid, snapshot: options.snapshot ?? false }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
