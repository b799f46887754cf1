import { createHash } from 'node:crypto';

/*
 * The WeChat official account's web authorisation (网页授权, scope snsapi_base): the channel portal
 * (/houseloan, decision 052) learns which WeChat user opened it, silently, to sign a bound agent in.
 * Protocol: the browser goes to open.weixin.qq.com/connect/oauth2/authorize with appid, redirect_uri,
 * response_type=code, scope=snsapi_base and state, ending in #wechat_redirect; WeChat sends it back with
 * `code`, which the server alone exchanges at /sns/oauth2/access_token (appid, secret, code,
 * grant_type=authorization_code) for the openid. The secret never leaves the server.
 */
export interface WechatMpAdapter {
  /** Where to send the browser to ask WeChat who it is. */
  authorizeUrl(redirectUri: string, state: string): string;
  /** The openid behind a code WeChat handed back (one use, five minutes); WechatMpError when refused. */
  openidForCode(code: string): Promise<string>;
}

export class WechatMpError extends Error {}

/**
 * WeChat opened the page as a 朋友圈 snapshot (快照页): the access_token answer says `is_snapshotuser: 1` and
 * its openid is a virtual one shared by snapshot viewers, so it identifies nobody and is refused.
 */
export class WechatSnapshotUserError extends WechatMpError {
  constructor() {
    super('当前为微信快照页，请点击页面下方「使用完整服务」后再参与');
  }
}

export interface WechatMpOptions {
  appId: string;
  secret: string;
  /** https://api.weixin.qq.com unless set (tests point it at a local stand-in). */
  apiBase?: string | undefined;
  /** https://open.weixin.qq.com unless set. */
  authorizeBase?: string | undefined;
  fetch?: typeof fetch;
}

export function createWechatMpAdapter(options: WechatMpOptions): WechatMpAdapter {
  const apiBase = options.apiBase ?? 'https://api.weixin.qq.com';
  const authorizeBase = options.authorizeBase ?? 'https://open.weixin.qq.com';
  const send = options.fetch ?? fetch;
  return {
    authorizeUrl(redirectUri, state) {
      const query = new URLSearchParams({
        appid: options.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_base',
        state,
      });
      return `${authorizeBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
    },
    async openidForCode(code) {
      const query = new URLSearchParams({
        appid: options.appId,
        secret: options.secret,
        code,
        grant_type: 'authorization_code',
      });
      let body: { openid?: unknown; errcode?: unknown; errmsg?: unknown; is_snapshotuser?: unknown };
      try {
        const response = await send(`${apiBase}/sns/oauth2/access_token?${query.toString()}`, {
          signal: AbortSignal.timeout(5000),
        });
        body = (await response.json()) as typeof body;
      } catch (error) {
        throw new WechatMpError('微信授权服务暂时无法访问，请稍后重试', { cause: error });
      }
      if (body.is_snapshotuser === 1) throw new WechatSnapshotUserError();
      if (typeof body.openid === 'string' && body.openid.length > 0) return body.openid;
      // 40029 invalid code, 40163 code already used: the person retries from the start.
      throw new WechatMpError('微信授权已失效，请重新进入', {
        cause: new Error(`errcode ${String(body.errcode)}: ${String(body.errmsg)}`),
      });
    },
  };
}

/**
 * Offline stand-in for development and tests: "authorising" goes straight back to the callback with a code
 * naming a demo WeChat user, and that user's openid is a stable hash of the name, so a bound demo agent is
 * signed in again next time. Refused in production by config.ts.
 */
export function createDemoWechatMpAdapter(demoUser = 'demo-wechat-user'): WechatMpAdapter {
  return {
    authorizeUrl(redirectUri, state) {
      const url = new URL(redirectUri);
      url.searchParams.set('code', `demo:${demoUser}`);
      url.searchParams.set('state', state);
      return url.toString();
    },
    async openidForCode(code) {
      if (!code.startsWith('demo:')) throw new WechatMpError('微信授权已失效，请重新进入');
      return `o${createHash('sha256').update(code.slice(5)).digest('base64url').slice(0, 27)}`;
    },
  };
}
