import { systemClock } from '../../clock.ts';
import { randomBytes } from 'node:crypto';
import { WecomError, applyEventBody, jsSdkSignature } from './wecom.ts';
import { createWecomChatCalls } from './wecom-chat.ts';
import { createWecomContactWayCalls } from './wecom-contact-way.ts';
import { createWecomDirectoryCalls } from './wecom-directory.ts';
import { createWecomGroupMsgCalls } from './wecom-groupmsg.ts';
import { createWecomRobotCalls } from './wecom-robot.ts';
import { createWecomTransferCalls } from './wecom-transfer.ts';
import type { WecomAdapter } from './wecom.ts';
import { textCardBody, unreachedRecipient } from './wecom-message.ts';

export interface WecomOptions {
  corpId: string;
  agentId: string;
  secret: string;
  apiBase?: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** Injectable so tests need not wait the real 10 s. */
  timeoutMs?: number;
  /** Injectable so the signature can be checked against WeCom's documented example. */
  nonce?: () => string;
}

/** Codes meaning "this access_token is no good": invalid credential, invalid token, token expired. */
const TOKEN_REJECTED = new Set([40001, 40014, 42001]);
/** Refresh this long before WeCom's own expiry so a token never dies between fetch and use. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function oauthAuthorizeUrl(corpId: string, agentId: string, redirectUri: string, state: string): string {
  const q = [
    `appid=${encodeURIComponent(corpId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    'response_type=code',
    'scope=snsapi_base',
    `state=${encodeURIComponent(state)}`,
    `agentid=${encodeURIComponent(agentId)}`,
  ];
  // WeCom requires #wechat_redirect to be the very end of the URL.
  return `https://open.weixin.qq.com/connect/oauth2/authorize?${q.join('&')}#wechat_redirect`;
}

export function webLoginUrl(corpId: string, agentId: string, redirectUri: string, state: string): string {
  const q = [
    'login_type=CorpApp',
    `appid=${encodeURIComponent(corpId)}`,
    `agentid=${encodeURIComponent(agentId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    `state=${encodeURIComponent(state)}`,
  ];
  return `https://login.work.weixin.qq.com/wwlogin/sso/login?${q.join('&')}`;
}

interface Expiring {
  value: string;
  expiresInSec: number;
}

/**
 * Caches one expiring credential. Concurrent callers share a single in-flight fetch, so a burst of
 * logins right after start-up (or after expiry) costs WeCom one gettoken, not one per request —
 * gettoken is rate-limited per corp.
 */
export function createCredentialCache(fetchFresh: () => Promise<Expiring>, now: () => number) {
  let cached: { value: string; expiresAt: number } | undefined;
  let inFlight: Promise<string> | undefined;
  return {
    get(): Promise<string> {
      if (cached && now() < cached.expiresAt) return Promise.resolve(cached.value);
      inFlight ??= fetchFresh()
        .then(({ value, expiresInSec }) => {
          cached = { value, expiresAt: now() + expiresInSec * 1000 - EXPIRY_MARGIN_MS };
          return value;
        })
        .finally(() => {
          inFlight = undefined;
        });
      return inFlight;
    },
    /** Drops `value` only if it is still the cached one, so callers that all saw the same rejection refresh once. */
    invalidate(value: string): void {
      if (cached?.value === value) cached = undefined;
    },
  };
}

export function createWecomAdapter(options: WecomOptions): WecomAdapter {
  const {
    corpId,
    agentId,
    secret,
    apiBase = 'https://qyapi.weixin.qq.com',
    fetchImpl = fetch,
    now = () => systemClock().getTime(),
    timeoutMs = 10_000,
    nonce = () => randomBytes(8).toString('hex'),
  } = options;

  /** GETs a WeCom JSON API and returns the body when errcode is 0 (or absent). */
  async function getJson(
    path: string,
    params: Record<string, string>,
    postBody?: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    // Concatenated rather than resolved so an apiBase with a path prefix (a proxy) keeps it.
    const url = new URL(`${apiBase.replace(/\/+$/, '')}${path}`);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    let body: unknown;
    try {
      const res = await fetchImpl(
        url,
        postBody
          ? {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(postBody),
              signal: AbortSignal.timeout(timeoutMs),
            }
          : { signal: AbortSignal.timeout(timeoutMs) },
      );
      const text = await res.text();
      try {
        body = JSON.parse(text);
      } catch (cause) {
        throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: `HTTP ${res.status}`, cause });
      }
    } catch (err) {
      if (err instanceof WecomError) throw err;
      throw new WecomError({
        reason: 'network',
        errcode: -1,
        errmsg: err instanceof Error ? err.message : String(err),
        cause: err,
      });
    }
    if (!isRecord(body)) throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: 'not a JSON object' });
    const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
    if (errcode !== 0) {
      throw new WecomError({
        reason: 'api',
        errcode,
        errmsg: typeof body.errmsg === 'string' ? body.errmsg : undefined,
      });
    }
    return body;
  }

  function expiring(body: Record<string, unknown>, field: string): Expiring {
    const value = body[field];
    if (typeof value !== 'string' || value === '') {
      throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: `missing ${field}` });
    }
    return { value, expiresInSec: typeof body.expires_in === 'number' ? body.expires_in : 7200 };
  }

  const tokens = createCredentialCache(
    async () => expiring(await getJson('/cgi-bin/gettoken', { corpid: corpId, corpsecret: secret }), 'access_token'),
    now,
  );

  /** Calls an access_token API; a rejected token is refreshed and the call retried exactly once. */
  async function callWithToken(
    path: string,
    params: Record<string, string>,
    postBody?: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const token = await tokens.get();
    try {
      return await getJson(path, { ...params, access_token: token }, postBody);
    } catch (err) {
      if (!(err instanceof WecomError && err.reason === 'api' && TOKEN_REJECTED.has(err.errcode))) throw err;
      tokens.invalidate(token);
      return getJson(path, { ...params, access_token: await tokens.get() }, postBody);
    }
  }

  /** Posts one file as multipart to an access_token API (media uploads); a rejected token refreshed once. */
  async function uploadWithToken(
    path: string,
    field: string,
    file: { bytes: Buffer; filename: string; contentType: string },
  ): Promise<Record<string, unknown>> {
    const once = async (token: string) => {
      const url = new URL(`${apiBase.replace(/\/+$/, '')}${path}`);
      url.searchParams.set('access_token', token);
      const form = new FormData();
      form.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
      let body: unknown;
      try {
        const res = await fetchImpl(url, { method: 'POST', body: form, signal: AbortSignal.timeout(timeoutMs) });
        body = JSON.parse(await res.text());
      } catch (err) {
        throw new WecomError({
          reason: 'network',
          errcode: -1,
          errmsg: err instanceof Error ? err.message : String(err),
          cause: err,
        });
      }
      if (!isRecord(body)) throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: 'not a JSON object' });
      const errcode = typeof body.errcode === 'number' ? body.errcode : 0;
      if (errcode !== 0)
        throw new WecomError({
          reason: 'api',
          errcode,
          errmsg: typeof body.errmsg === 'string' ? body.errmsg : undefined,
        });
      return body;
    };
    const token = await tokens.get();
    try {
      return await once(token);
    } catch (err) {
      if (!(err instanceof WecomError && err.reason === 'api' && TOKEN_REJECTED.has(err.errcode))) throw err;
      tokens.invalidate(token);
      return once(await tokens.get());
    }
  }

  const tickets = createCredentialCache(
    async () => expiring(await callWithToken('/cgi-bin/get_jsapi_ticket', {}), 'ticket'),
    now,
  );

  return {
    kind: 'wecom',
    // The chat sidebar's calls (wecom-chat.ts): agent_config ticket, external contacts.
    ...createWecomChatCalls({
      corpId,
      agentId,
      now,
      nonce,
      callWithToken,
      cache: (f) => createCredentialCache(f, now),
    }),
    // The directory the back office's sync reads (wecom-directory.ts, decision 059).
    ...createWecomDirectoryCalls(callWithToken),
    // The external contacts' inheritance the back office's handover asks (wecom-transfer.ts, decision 066).
    ...createWecomTransferCalls(callWithToken),
    // The group robots' webhooks (wecom-robot.ts, decision 076): the key is the credential, no token.
    ...createWecomRobotCalls(getJson),
    // Group messages to customers (wecom-groupmsg.ts, decision 080): tasks the members confirm, their results.
    ...createWecomGroupMsgCalls(callWithToken, uploadWithToken),
    // 渠道活码's "contact me" QRs (wecom-contact-way.ts, decision 083).
    ...createWecomContactWayCalls(callWithToken),
    oauthAuthorizeUrl: (redirectUri, state) => oauthAuthorizeUrl(corpId, agentId, redirectUri, state),
    webLoginUrl: (redirectUri, state) => webLoginUrl(corpId, agentId, redirectUri, state),
    async getUserIdByCode(code) {
      const body = await callWithToken('/cgi-bin/auth/getuserinfo', { code });
      const userId = body.userid;
      if (typeof userId !== 'string' || userId === '') {
        // WeCom answers errcode 0 with openid/external_userid for people outside the corp.
        throw new WecomError({ reason: 'not-member', errcode: 0, errmsg: 'visitor is not a member of the corp' });
      }
      return userId;
    },
    async jsSdkConfig(url) {
      const ticket = await tickets.get();
      const timestamp = Math.floor(now() / 1000);
      const nonceStr = nonce();
      return { appId: corpId, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url }) };
    },
    async applyApproval(request) {
      const body = await callWithToken('/cgi-bin/oa/applyevent', {}, applyEventBody(request));
      const spNo = body.sp_no;
      if (typeof spNo !== 'string' || spNo === '') {
        throw new WecomError({ reason: 'bad-response', errcode: -1, errmsg: 'missing sp_no' });
      }
      return spNo;
    },
    async sendTextCard(message) {
      const body = await callWithToken('/cgi-bin/message/send', {}, textCardBody(agentId, message));
      const unreached = unreachedRecipient(body);
      if (unreached !== null)
        throw new WecomError({ reason: 'api', errcode: 81013, errmsg: `invaliduser ${unreached}` });
      return typeof body.msgid === 'string' ? body.msgid : '';
    },
  };
}
