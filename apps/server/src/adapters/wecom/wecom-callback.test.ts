import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fakeWecomEncrypt, fakeWecomSignature } from './fake-wecom-contact-way.ts';
import {
  CallbackError,
  addContactEventXml,
  aesKeyOf,
  callbackSignature,
  decryptCallback,
  encryptCallback,
  randomCallbackKeys,
  readCallbackXml,
  sealCallback,
  signatureMatches,
} from './wecom-callback.ts';

/*
 * WeCom's callback encryption (decision 083) against vectors made elsewhere: WeCom's own documented URL check
 * (its sample's token, key and CorpID), the openssl command line's AES-256-CBC, and the fake WeCom's encryption
 * (written apart from the code under test).
 */

// WeCom's documented sample (加解密方案说明 and its downloadable libraries' Sample).
const SAMPLE = {
  token: 'QDG6eK',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
  corpId: 'wx5823bf96d3bd56c7',
  signature: '5c45ff5e21c57e6ad56bac8758b79b1d9ac89fd3',
  timestamp: '1409659589',
  nonce: '263014780',
  echostr: 'P9nAzCzyDtyTWESHep1vC5X9xho/qYX3Zpb4yKa9SKld1DsH3Iyt3tP3zNdtp+4RPcs8TgAE7OaBO+FZXvnaqQ==',
};

/** AES-256-CBC by the openssl binary, no padding of its own (WeCom's is PKCS#7 to 32, done by the caller). */
const openssl = (mode: '-e' | '-d', keyHex: string, input: Buffer) =>
  execFileSync('openssl', ['enc', mode, '-aes-256-cbc', '-K', keyHex, '-iv', keyHex.slice(0, 32), '-nopad'], {
    input,
  });

describe('WeCom callback crypto', () => {
  it('checks and opens WeCom’s documented URL-check sample', () => {
    expect(callbackSignature(SAMPLE.token, SAMPLE.timestamp, SAMPLE.nonce, SAMPLE.echostr)).toBe(SAMPLE.signature);
    expect(decryptCallback(SAMPLE.encodingAesKey, SAMPLE.echostr, SAMPLE.corpId)).toBe('1616140317555161061');
    // The same ciphertext for another company is refused: the receiveid is inside it.
    expect(() => decryptCallback(SAMPLE.encodingAesKey, SAMPLE.echostr, 'wwsomeoneelse')).toThrow(
      expect.objectContaining({ fault: 'receiveid' }),
    );
  });

  it('opens what openssl encrypted, and openssl opens what it encrypts (PKCS#7 to 32 bytes)', () => {
    const { encodingAesKey } = randomCallbackKeys();
    const keyHex = aesKeyOf(encodingAesKey).toString('hex');
    const message = '<xml><State><![CDATA[cw渠道]]></State></xml>';
    const msg = Buffer.from(message, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(msg.length);
    const plain = Buffer.concat([randomBytes(16), length, msg, Buffer.from('ww-corp', 'utf8')]);
    const pad = 32 - (plain.length % 32);
    const cipher = openssl('-e', keyHex, Buffer.concat([plain, Buffer.alloc(pad, pad)])).toString('base64');
    expect(decryptCallback(encodingAesKey, cipher, 'ww-corp')).toBe(message);

    const ours = openssl('-d', keyHex, Buffer.from(encryptCallback(encodingAesKey, message, 'ww-corp'), 'base64'));
    expect(ours.length % 32).toBe(0);
    const ourPad = ours.at(-1) ?? 0;
    expect(ourPad).toBeGreaterThanOrEqual(1);
    expect(ourPad).toBeLessThanOrEqual(32);
    expect([...ours.subarray(-ourPad)].every((b) => b === ourPad)).toBe(true);
    expect(ours.readUInt32BE(16)).toBe(msg.length);
    expect(ours.subarray(20, 20 + msg.length).toString('utf8')).toBe(message);
    expect(ours.subarray(20 + msg.length, ours.length - ourPad).toString('utf8')).toBe('ww-corp');
  });

  it('opens the fake WeCom’s ciphertext and agrees with its signature', () => {
    const { token, encodingAesKey } = randomCallbackKeys();
    // 27 bytes of message + 20 + 5 of receiveid = 52: the padding crosses a 16-byte block but not a 32-byte one.
    for (const message of ['x', 'y'.repeat(27), '客'.repeat(40)]) {
      const encrypted = fakeWecomEncrypt(encodingAesKey, message, 'wwabc');
      expect(decryptCallback(encodingAesKey, encrypted, 'wwabc')).toBe(message);
      expect(callbackSignature(token, '1700000000', '42', encrypted)).toBe(
        fakeWecomSignature(token, '1700000000', '42', encrypted),
      );
    }
  });

  it('refuses a tampered ciphertext, a wrong key and a forged signature', () => {
    const keys = randomCallbackKeys();
    const encrypted = encryptCallback(keys.encodingAesKey, 'hello', 'ww1');
    const bytes = Buffer.from(encrypted, 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    expect(() => decryptCallback(keys.encodingAesKey, bytes.toString('base64'), 'ww1')).toThrow(CallbackError);
    expect(() => decryptCallback(randomCallbackKeys().encodingAesKey, encrypted, 'ww1')).toThrow(CallbackError);
    expect(() => decryptCallback('short', encrypted, 'ww1')).toThrow(expect.objectContaining({ fault: 'aes' }));
    const real = callbackSignature(keys.token, '1', '2', encrypted);
    expect(signatureMatches(real, real.toUpperCase())).toBe(true);
    expect(signatureMatches(real, callbackSignature('another', '1', '2', encrypted))).toBe(false);
    expect(signatureMatches(real, '')).toBe(false);
  });

  it('reads WeCom’s flat XML; a repeated field or a nested element is refused', () => {
    const keys = { ...randomCallbackKeys(), receiveId: 'ww1' };
    const xml = addContactEventXml({
      corpId: 'ww1',
      userId: 'zhangsan',
      externalUserId: 'wmABC',
      state: 'cw1',
      createTime: 1_700_000_000,
    });
    expect(readCallbackXml(xml)).toMatchObject({
      Event: 'change_external_contact',
      ChangeType: 'add_external_contact',
      UserID: 'zhangsan',
      ExternalUserID: 'wmABC',
      State: 'cw1',
      CreateTime: '1700000000',
    });
    const sealed = sealCallback(keys, xml, { timestamp: '1700000000', nonce: '7' });
    const outer = readCallbackXml(sealed.body);
    expect(decryptCallback(keys.encodingAesKey, outer.Encrypt ?? '', 'ww1')).toBe(xml);
    expect(sealed.query.msg_signature).toBe(fakeWecomSignature(keys.token, '1700000000', '7', outer.Encrypt ?? ''));
    expect(() => readCallbackXml('<xml><State>a</State><State>b</State></xml>')).toThrow(CallbackError);
    expect(() => readCallbackXml('<xml><A><B>1</B></A></xml>')).toThrow(CallbackError);
    expect(() => readCallbackXml('not xml')).toThrow(CallbackError);
    expect(readCallbackXml('<xml><A>x &amp; y</A></xml>')).toEqual({ A: 'x & y' });
  });
});
