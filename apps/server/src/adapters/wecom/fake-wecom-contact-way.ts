// Test helper: what the fake WeCom server does for 渠道活码 (decision 083): POST
// /cgi-bin/externalcontact/add_contact_way and del_contact_way with WeCom's checks and answers, and the
// add-contact callback WeCom then POSTs to the company's URL when a customer scans a QR. Its encryption is
// written here apart from wecom-callback.ts (the code under test), from WeCom's description of the scheme.
import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FakeWecomIo } from './fake-wecom-server.ts';
import type { ExternalContact } from './wecom-chat.ts';

export interface FakeContactWayOptions {
  /** Members who have customer contact (客户联系) enabled; others are refused 84074. Unset: everyone. */
  members?: string[];
}

export interface FakeCallbackTarget {
  /** The company's callback URL (its path here: the test delivers through the app), as entered in WeCom. */
  url: string;
  token: string;
  encodingAesKey: string;
  /** The CorpID the callback is encrypted for. */
  receiveId: string;
}

export interface FakeContactWays {
  /** The ways WeCom holds, by config_id, with the body they were made with. */
  readonly ways: ReadonlyMap<string, Record<string, unknown>>;
  readonly deleted: readonly string[];
  /** Adds a customer of the way's member (known to externalcontact/get); answers the add event's callback request. */
  scan(
    configId: string,
    target: FakeCallbackTarget,
    customer: { externalUserid: string; name: string },
    createTime: number,
  ): FakeCallbackRequest;
  handlePost(path: string, body: Record<string, unknown>, res: ServerResponse, io: FakeWecomIo): boolean;
}

/** AES-256-CBC of WeCom's plaintext layout, padded PKCS#7 to 32; base64. */
export function fakeWecomEncrypt(encodingAesKey: string, message: string, receiveId: string): string {
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  const msg = Buffer.from(message, 'utf8');
  const header = Buffer.alloc(20);
  randomBytes(16).copy(header, 0);
  header.writeUInt32BE(msg.length, 16);
  const plain = Buffer.concat([header, msg, Buffer.from(receiveId, 'utf8')]);
  const padding = 32 - (plain.length % 32);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([
    cipher.update(Buffer.concat([plain, Buffer.alloc(padding, padding)])),
    cipher.final(),
  ]).toString('base64');
}

export const fakeWecomSignature = (token: string, timestamp: string, nonce: string, encrypted: string) =>
  createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');

/** The request WeCom makes to a callback URL: the signed query (path and query) and the encrypted XML body. */
export interface FakeCallbackRequest {
  url: string;
  body: string;
}

/** The POST WeCom makes for `message`: its signature (or a forged one), timestamp and nonce, and the XML body. */
export function fakeCallbackRequest(
  target: FakeCallbackTarget,
  message: string,
  timestamp: number,
  opts: { signature?: string; nonce?: string } = {},
): FakeCallbackRequest {
  const encrypted = fakeWecomEncrypt(target.encodingAesKey, message, target.receiveId);
  const nonce = opts.nonce ?? String(randomBytes(4).readUInt32BE(0));
  const query = new URLSearchParams({
    msg_signature: opts.signature ?? fakeWecomSignature(target.token, String(timestamp), nonce, encrypted),
    timestamp: String(timestamp),
    nonce,
  });
  return {
    url: `${target.url}?${query.toString()}`,
    body: `<xml><ToUserName><![CDATA[${target.receiveId}]]></ToUserName><AgentID><![CDATA[1000002]]></AgentID><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
  };
}

/** The GET WeCom makes when the admin saves the URL: echostr is `echo` encrypted. */
export function fakeVerifyRequest(target: FakeCallbackTarget, echo: string, timestamp: number, signature?: string) {
  const echostr = fakeWecomEncrypt(target.encodingAesKey, echo, target.receiveId);
  const nonce = String(randomBytes(4).readUInt32BE(0));
  const query = new URLSearchParams({
    msg_signature: signature ?? fakeWecomSignature(target.token, String(timestamp), nonce, echostr),
    timestamp: String(timestamp),
    nonce,
    echostr,
  });
  return { url: `${target.url}?${query.toString()}` };
}

export const fakeAddContactXml = (e: {
  corpId: string;
  userId: string;
  externalUserId: string;
  state: string;
  createTime: number;
}) =>
  `<xml><ToUserName><![CDATA[${e.corpId}]]></ToUserName><FromUserName><![CDATA[sys]]></FromUserName>` +
  `<CreateTime>${e.createTime}</CreateTime><MsgType><![CDATA[event]]></MsgType>` +
  `<Event><![CDATA[change_external_contact]]></Event><ChangeType><![CDATA[add_external_contact]]></ChangeType>` +
  `<UserID><![CDATA[${e.userId}]]></UserID><ExternalUserID><![CDATA[${e.externalUserId}]]></ExternalUserID>` +
  `<State><![CDATA[${e.state}]]></State><WelcomeCode><![CDATA[CALLBACKCODE]]></WelcomeCode></xml>`;

export function createFakeContactWays(
  opts: FakeContactWayOptions,
  addContact: (contact: ExternalContact) => void,
): FakeContactWays {
  const ways = new Map<string, Record<string, unknown>>();
  const deleted: string[] = [];
  let made = 0;
  return {
    ways,
    deleted,
    scan(configId, target, customer, createTime) {
      const way = ways.get(configId);
      if (!way) throw new Error(`no contact way ${configId}`);
      const userId = Array.isArray(way.user) ? String(way.user[0]) : '';
      addContact({ externalUserid: customer.externalUserid, name: customer.name, followUserIds: [userId] });
      const xml = fakeAddContactXml({
        corpId: target.receiveId,
        userId,
        externalUserId: customer.externalUserid,
        state: typeof way.state === 'string' ? way.state : '',
        createTime,
      });
      return fakeCallbackRequest(target, xml, createTime);
    },
    handlePost(path, body, res, { send, fail }) {
      if (path === '/cgi-bin/externalcontact/add_contact_way') {
        if (body.type !== 1 && body.type !== 2) return (fail(res, 41037, 'missing contact way type'), true);
        if (body.scene !== 1 && body.scene !== 2) return (fail(res, 41038, 'missing contact way scene'), true);
        const users = Array.isArray(body.user) ? body.user.filter((u): u is string => typeof u === 'string') : [];
        if (users.length === 0 || (body.type === 1 && users.length !== 1))
          return (fail(res, 40031, 'invalid userid list'), true);
        if (opts.members && !users.every((u) => opts.members?.includes(u)))
          return (fail(res, 84074, 'no external contact permission'), true);
        if (typeof body.state === 'string' && [...body.state].length > 30)
          return (fail(res, 40058, 'state exceed max length'), true);
        made += 1;
        const configId = `fake-config-${made}`;
        ways.set(configId, body);
        send(res, { config_id: configId, qr_code: `https://wework.qpic.cn/wwpic/fake-${made}/0` });
        return true;
      }
      if (path === '/cgi-bin/externalcontact/del_contact_way') {
        const configId = typeof body.config_id === 'string' ? body.config_id : '';
        if (!ways.delete(configId)) return (fail(res, 41044, 'invalid config_id'), true);
        deleted.push(configId);
        send(res, {});
        return true;
      }
      return false;
    },
  };
}
