// Test helper: a local stand-in for qyapi.weixin.qq.com speaking the three endpoints the adapter
// uses, with WeCom's JSON shapes ({ errcode, errmsg, ... }, always HTTP 200).
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenLocally } from '../local-server.ts';
import { createFakeChat, type FakeChat, type FakeChatOptions } from './fake-wecom-chat.ts';
import { createFakeContactWays, type FakeContactWayOptions, type FakeContactWays } from './fake-wecom-contact-way.ts';
import { createFakeDirectory, type FakeDirectory, type FakeDirectoryOptions } from './fake-wecom-directory.ts';
import { createFakeMessageInbox, type FakeMessageInbox } from './fake-wecom-message.ts';
import { createFakeGroupMsgs, type FakeGroupMsgOptions, type FakeGroupMsgs } from './fake-wecom-groupmsg.ts';
import { createFakeRobots, type FakeRobots } from './fake-wecom-robot.ts';
import { createFakeTransfer, type FakeTransfer, type FakeTransferOptions } from './fake-wecom-transfer.ts';

export interface FakeWecomOptions {
  corpId: string;
  secret: string;
  /** OAuth codes of corp members → their userid. Codes are single-use, as in WeCom. */
  users?: Record<string, string>;
  /** OAuth codes of people outside the corp → their openid (WeCom answers errcode 0 without userid). */
  visitors?: Record<string, string>;
  jsapiTicket?: string;
  /** Seconds; WeCom's own value is 7200. */
  tokenExpiresIn?: number;
  ticketExpiresIn?: number;
  /** The chat sidebar's endpoints (fake-wecom-chat.ts). */
  chat?: FakeChatOptions;
  /** Corp members message/send reaches; others come back in `invaliduser`. Unset: everyone. */
  members?: string[];
  /** The directory (department/list, user/list) the back office's sync reads (fake-wecom-directory.ts). */
  directory?: FakeDirectoryOptions;
  /** The customer-contact inheritance endpoints the handover uses (fake-wecom-transfer.ts). */
  transfer?: FakeTransferOptions;
  /** The group robots' webhook keys that exist (fake-wecom-robot.ts); unset, any key is one. */
  robotKeys?: string[];
  /** The company group messages to customers (fake-wecom-groupmsg.ts): each member's contacts. */
  groupMsgs?: FakeGroupMsgOptions;
  /** 渠道活码's contact-way endpoints and the add-contact callback (fake-wecom-contact-way.ts). */
  contactWays?: FakeContactWayOptions;
}

/** How a group of endpoints answers: WeCom's envelope, its errors, and its access_token check. */
export interface FakeWecomIo {
  send: (res: ServerResponse, body: Record<string, unknown>) => void;
  fail: (res: ServerResponse, errcode: number, errmsg: string) => void;
  /** Answers the token error WeCom would, or returns true when the token is good. */
  tokenOk: (res: ServerResponse, token: string | undefined) => boolean;
}

/** A group of GET endpoints (fake-wecom-chat.ts, fake-wecom-directory.ts): true when one of them answered. */
export type FakeWecomEndpoints = (
  path: string,
  query: Record<string, string>,
  res: ServerResponse,
  io: FakeWecomIo,
) => boolean;

export interface FakeWecomRequest {
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
}

export interface FakeWecomServer {
  readonly apiBase: string;
  readonly requests: readonly FakeWecomRequest[];
  readonly tokenRequests: number;
  readonly ticketRequests: number;
  /** Bodies of the approvals applied for, in order. */
  readonly approvals: readonly Record<string, unknown>[];
  /** The chat sidebar's endpoints: agent tickets handed out, contacts. */
  readonly chat: FakeChat;
  /** The app messages (text cards) members were shown (fake-wecom-message.ts). */
  readonly inbox: FakeMessageInbox;
  /** The directory's departments and members; tests change them between syncs. */
  readonly directory: FakeDirectory;
  /** The external contacts members follow, those of members who left, and the transfers asked. */
  readonly transfer: FakeTransfer;
  /** The group robots' posts (fake-wecom-robot.ts). */
  readonly robots: FakeRobots;
  /** The group message tasks made, and `confirm` for a member sending one (fake-wecom-groupmsg.ts). */
  readonly groupMsgs: FakeGroupMsgs;
  /** The contact-me QRs made and deleted, and a customer's scan that POSTs the callback. */
  readonly contactWays: FakeContactWays;
  addUser(code: string, userId: string): void;
  /** Every token issued so far now answers 42001 (expired); the next gettoken issues a fresh one. */
  expireTokens(): void;
  /** The next `count` requests (any endpoint) get no answer at all, to exercise timeouts. */
  stall(count?: number): void;
  close(): Promise<void>;
}

export async function startFakeWecomServer(opts: FakeWecomOptions): Promise<FakeWecomServer> {
  const users = new Map(Object.entries(opts.users ?? {}));
  const visitors = new Map(Object.entries(opts.visitors ?? {}));
  const liveTokens = new Set<string>();
  const expiredTokens = new Set<string>();
  const requests: FakeWecomRequest[] = [];
  let tokenRequests = 0;
  let ticketRequests = 0;
  let issued = 0;
  let stalls = 0;
  const approvals: Record<string, unknown>[] = [];
  const chat = createFakeChat(opts.chat);
  const inbox = createFakeMessageInbox(opts.members ? new Set(opts.members) : null);
  const directory = createFakeDirectory(opts.directory);
  const transfer = createFakeTransfer(opts.transfer);
  const robots = createFakeRobots(opts.robotKeys ?? null);
  const groupMsgs = createFakeGroupMsgs(opts.groupMsgs);
  const contactWays = createFakeContactWays(opts.contactWays ?? {}, (contact) => chat.addContact(contact));

  const send = (res: ServerResponse, body: Record<string, unknown>) => {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify({ errcode: 0, errmsg: 'ok', ...body }));
  };
  const fail = (res: ServerResponse, errcode: number, errmsg: string) => send(res, { errcode, errmsg });

  const tokenOk: FakeWecomIo['tokenOk'] = (res, token) => {
    if (token && liveTokens.has(token)) return true;
    if (token && expiredTokens.has(token)) fail(res, 42001, 'access_token expired');
    else if (!token) fail(res, 41001, 'access_token missing');
    else fail(res, 40014, 'invalid access_token');
    return false;
  };

  /** A POST endpoint: WeCom's method and token checks, then its JSON body (anything but an object reads as {}). */
  const postJson = (
    req: IncomingMessage,
    res: ServerResponse,
    query: Record<string, string>,
    answer: (body: Record<string, unknown>) => void,
    needsToken = true,
  ) => {
    if (req.method !== 'POST') return fail(res, 43002, 'require POST method');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (needsToken && !tokenOk(res, query.access_token)) return;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return fail(res, 47001, 'data format error');
      }
      answer(typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {});
    });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ path: url.pathname, query });
    if (stalls > 0) {
      stalls -= 1;
      return; // never answer; close() tears the socket down
    }
    if (url.pathname === '/cgi-bin/webhook/send') {
      // A robot's key is its credential: no access_token, as in WeCom.
      return postJson(
        req,
        res,
        { ...query, access_token: '' },
        (body) => send(res, robots.receive(query.key ?? '', body)),
        false,
      );
    }
    if (url.pathname === '/cgi-bin/media/uploadimg') {
      if (req.method !== 'POST') return fail(res, 43002, 'require POST method');
      const parts: Buffer[] = [];
      req.on('data', (chunk: Buffer) => parts.push(chunk));
      req.on('end', () => {
        if (!tokenOk(res, query.access_token)) return;
        groupMsgs.upload(req.headers['content-type'] ?? '', Buffer.concat(parts), res, { send, fail, tokenOk });
      });
      return;
    }
    if (url.pathname === '/cgi-bin/message/send') {
      return postJson(req, res, query, (body) => send(res, inbox.receive(body)));
    }
    if (url.pathname === '/cgi-bin/oa/applyevent') {
      return postJson(req, res, query, (record) => {
        if (typeof record.creator_userid !== 'string' || record.creator_userid === '')
          return fail(res, 301025, 'invalid creator_userid');
        if (typeof record.template_id !== 'string' || record.template_id === '')
          return fail(res, 301026, 'invalid template_id');
        approvals.push(record);
        return send(res, { sp_no: `2026112100${String(approvals.length).padStart(4, '0')}` });
      });
    }
    if (
      url.pathname.startsWith('/cgi-bin/externalcontact/') &&
      url.pathname !== '/cgi-bin/externalcontact/get' &&
      url.pathname !== '/cgi-bin/externalcontact/list'
    ) {
      return postJson(req, res, query, (body) => {
        if (groupMsgs.handlePost(url.pathname, body, res, { send, fail, tokenOk })) return;
        if (contactWays.handlePost(url.pathname, body, res, { send, fail, tokenOk })) return;
        if (!transfer.handlePost(url.pathname, body, res, { send, fail, tokenOk })) res.writeHead(404).end();
      });
    }
    if (req.method !== 'GET') return fail(res, 43001, 'require GET method');

    switch (url.pathname) {
      case '/cgi-bin/gettoken': {
        tokenRequests += 1;
        if (query.corpid !== opts.corpId) return fail(res, 40013, 'invalid corpid');
        if (query.corpsecret !== opts.secret) return fail(res, 40001, 'invalid credential');
        issued += 1;
        const token = `fake-token-${issued}`;
        liveTokens.add(token);
        return send(res, { access_token: token, expires_in: opts.tokenExpiresIn ?? 7200 });
      }
      case '/cgi-bin/auth/getuserinfo': {
        if (!tokenOk(res, query.access_token)) return;
        const code = query.code ?? '';
        const userId = users.get(code);
        const openId = visitors.get(code);
        users.delete(code);
        visitors.delete(code);
        if (userId !== undefined)
          return send(res, { userid: userId, user_ticket: `ticket-of-${userId}`, expires_in: 1800 });
        if (openId !== undefined) return send(res, { openid: openId, external_userid: `ext-${openId}` });
        return fail(res, 40029, 'invalid code');
      }
      case '/cgi-bin/get_jsapi_ticket': {
        if (!tokenOk(res, query.access_token)) return;
        ticketRequests += 1;
        return send(res, { ticket: opts.jsapiTicket ?? 'fake-jsapi-ticket', expires_in: opts.ticketExpiresIn ?? 7200 });
      }
      default:
        if (chat.handle(url.pathname, query, res, { send, fail, tokenOk })) return;
        if (directory.handle(url.pathname, query, res, { send, fail, tokenOk })) return;
        if (transfer.handleGet(url.pathname, query, res, { send, fail, tokenOk })) return;
        res.writeHead(404).end();
    }
  });

  const apiBase = await listenLocally(server);

  return {
    apiBase,
    requests,
    get tokenRequests() {
      return tokenRequests;
    },
    get ticketRequests() {
      return ticketRequests;
    },
    approvals,
    chat,
    inbox,
    directory,
    transfer,
    robots,
    groupMsgs,
    contactWays,
    addUser: (code, userId) => void users.set(code, userId),
    expireTokens() {
      for (const t of liveTokens) expiredTokens.add(t);
      liveTokens.clear();
    },
    stall: (count = 1) => {
      stalls += count;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
