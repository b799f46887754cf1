import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * WeCom's callback encryption (加解密方案说明, developer.work.weixin.qq.com/document/path/91144), for the URL that
 * receives the add-contact events of 渠道活码 (decision 083):
 * - msg_signature = sha1 of the token, the timestamp, the nonce and the ciphertext, sorted as strings and joined;
 * - AESKey = base64(EncodingAESKey + '='), 32 bytes; AES-256-CBC, the IV its first 16 bytes, PKCS#7 padding to a
 *   multiple of 32 (not AES's 16, so the cipher's own padding is off);
 * - plaintext = 16 random bytes, the message's length (4 bytes, network order), the message, the receiveid (the
 *   CorpID for a self-built app's callback).
 */

/** What a failed check was, for the log (the answer to WeCom is the same for all). */
export type CallbackFault = 'signature' | 'stale' | 'aes' | 'receiveid' | 'xml';

export class CallbackError extends Error {
  constructor(readonly fault: CallbackFault) {
    super(`WeCom callback refused: ${fault}`);
    this.name = 'CallbackError';
  }
}

/** An EncodingAESKey as WeCom's admin page makes it: 43 characters of [A-Za-z0-9]. */
export const ENCODING_AES_KEY_PATTERN = /^[A-Za-z0-9]{43}$/;
/** A callback token as WeCom's admin page takes it: up to 32 letters and digits. */
export const CALLBACK_TOKEN_PATTERN = /^[A-Za-z0-9]{1,32}$/;

const BLOCK = 32;

export function aesKeyOf(encodingAesKey: string): Buffer {
  if (!ENCODING_AES_KEY_PATTERN.test(encodingAesKey)) throw new CallbackError('aes');
  const key = Buffer.from(`${encodingAesKey}=`, 'base64');
  if (key.length !== 32) throw new CallbackError('aes');
  return key;
}

/** msg_signature over the request's timestamp and nonce and the ciphertext (echostr or Encrypt). */
export function callbackSignature(token: string, timestamp: string, nonce: string, encrypted: string): string {
  const joined = [token, timestamp, nonce, encrypted].sort().join('');
  return createHash('sha1').update(joined, 'utf8').digest('hex');
}

/** Compared in constant time, so a forger learns nothing from how long a refusal took. */
export function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given.toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The message inside a ciphertext, once its padding and receiveid are checked. */
export function decryptCallback(encodingAesKey: string, encrypted: string, receiveId: string): string {
  const key = aesKeyOf(encodingAesKey);
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
  } catch {
    throw new CallbackError('aes');
  }
  const pad = plain.at(-1) ?? 0;
  if (plain.length < 20 + pad || pad < 1 || pad > BLOCK || plain.subarray(-pad).some((byte) => byte !== pad)) {
    throw new CallbackError('aes');
  }
  const body = plain.subarray(16, plain.length - pad);
  const length = body.readUInt32BE(0);
  if (4 + length > body.length) throw new CallbackError('aes');
  const message = body.subarray(4, 4 + length).toString('utf8');
  const receivedBy = body.subarray(4 + length).toString('utf8');
  if (receivedBy !== receiveId) throw new CallbackError('receiveid');
  return message;
}

/** The ciphertext WeCom would send (the offline demo's deliveries, and a passive reply if one is ever needed). */
export function encryptCallback(
  encodingAesKey: string,
  message: string,
  receiveId: string,
  random: Buffer = randomBytes(16),
): string {
  const key = aesKeyOf(encodingAesKey);
  const msg = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(msg.length, 0);
  const unpadded = Buffer.concat([random, length, msg, Buffer.from(receiveId, 'utf8')]);
  const pad = BLOCK - (unpadded.length % BLOCK);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([unpadded, Buffer.alloc(pad, pad)])), cipher.final()]).toString(
    'base64',
  );
}

/**
 * The fields of WeCom's flat XML (`<xml><Tag><![CDATA[v]]></Tag><Num>1</Num></xml>`): no attributes, no nesting
 * below the root. A field given twice is refused, so a smuggled second <State> cannot override the first.
 */
export function readCallbackXml(xml: string): Record<string, string> {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(xml);
  if (!root) throw new CallbackError('xml');
  const fields: Record<string, string> = {};
  const inner = root[1] ?? '';
  const field = /<([A-Za-z][A-Za-z0-9_]*)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g;
  let consumed = '';
  for (const match of inner.matchAll(field)) {
    const [whole, tag = '', cdata, text] = match;
    if (Object.hasOwn(fields, tag)) throw new CallbackError('xml');
    fields[tag] = cdata ?? unescapeXml(text ?? '');
    consumed += whole;
  }
  // Anything besides the fields and whitespace (a nested element, a stray tag) is not WeCom's shape.
  if (inner.replace(/\s+/g, '').length !== consumed.replace(/\s+/g, '').length) throw new CallbackError('xml');
  return fields;
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');

/** A CDATA section of `value` (a `]]>` inside is split across two sections, as XML requires). */
export const cdata = (value: string) => `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

export interface CallbackKeys {
  token: string;
  encodingAesKey: string;
  /** The CorpID a self-built app's callback is encrypted for. */
  receiveId: string;
}

/** Signs and encrypts `message` as WeCom POSTs it: the query's three values and the XML body. */
export function sealCallback(
  keys: CallbackKeys,
  message: string,
  at: { timestamp: string; nonce: string },
): { query: { msg_signature: string; timestamp: string; nonce: string }; body: string } {
  const encrypted = encryptCallback(keys.encodingAesKey, message, keys.receiveId);
  const signature = callbackSignature(keys.token, at.timestamp, at.nonce, encrypted);
  return {
    query: { msg_signature: signature, timestamp: at.timestamp, nonce: at.nonce },
    body: `<xml><ToUserName>${cdata(keys.receiveId)}</ToUserName><AgentID>${cdata('')}</AgentID><Encrypt>${cdata(encrypted)}</Encrypt></xml>`,
  };
}

/** An add-contact event (客户联系 · 添加企业客户事件) as WeCom encrypts it. */
export function addContactEventXml(event: {
  corpId: string;
  userId: string;
  externalUserId: string;
  state: string;
  createTime: number;
}): string {
  return [
    '<xml>',
    `<ToUserName>${cdata(event.corpId)}</ToUserName>`,
    `<FromUserName>${cdata('sys')}</FromUserName>`,
    `<CreateTime>${event.createTime}</CreateTime>`,
    `<MsgType>${cdata('event')}</MsgType>`,
    `<Event>${cdata('change_external_contact')}</Event>`,
    `<ChangeType>${cdata('add_external_contact')}</ChangeType>`,
    `<UserID>${cdata(event.userId)}</UserID>`,
    `<ExternalUserID>${cdata(event.externalUserId)}</ExternalUserID>`,
    event.state === '' ? '' : `<State>${cdata(event.state)}</State>`,
    `<WelcomeCode>${cdata('WELCOMECODE')}</WelcomeCode>`,
    '</xml>',
  ].join('');
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Letters and digits drawn without bias (248 = 4 × 62 is the largest multiple of 62 under 256). */
function randomAlnum(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALNUM[byte % 62];
    }
  }
  return out;
}

/** A Token and EncodingAESKey of WeCom's shapes, for a process with no configured ones (the offline demo). */
export const randomCallbackKeys = () => ({ token: randomAlnum(32), encodingAesKey: randomAlnum(43) });
