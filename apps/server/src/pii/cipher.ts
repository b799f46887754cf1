import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/*
 * The sealed form of one personal value (decision 074): `v1:<key id>:<base64(iv | tag | ciphertext)>`,
 * AES-256-GCM under the company's data key. The additional data binds the ciphertext to its column and the
 * company whose key sealed it, so a value copied into another column fails to open instead of reading as
 * something else. The key id names the data key, so rows sealed before a rotation still open after it.
 */

export const SEALED_VERSION = 'v1';
/** The shape of a sealed value; anything else is plain text (or garbage) and never reaches a sealed column. */
export const SEALED_PATTERN = /^v1:[0-9a-f]{16}:[A-Za-z0-9+/]+={0,2}$/;

const IV_BYTES = 12;
const TAG_BYTES = 16;

export const isSealed = (value: string) => SEALED_PATTERN.test(value);

/** The key id a sealed value names. */
export function sealedKeyId(sealed: string): string {
  if (!isSealed(sealed)) throw new SealedFormError();
  return sealed.slice(3, 19);
}

export class SealedFormError extends Error {
  constructor() {
    super('not a sealed value (v1:<key id>:<base64>)');
    this.name = 'SealedFormError';
  }
}

/** A value that does not open with its key: tampered, moved to another column, or a wrong key. */
export class OpenError extends Error {
  constructor(readonly column: string) {
    super(`a sealed ${column} value does not open with its data key (tampered, moved, or a wrong key)`);
    this.name = 'OpenError';
  }
}

const aadOf = (corpId: number, column: string) => Buffer.from(`crm-pii|${corpId}|${column}`, 'utf8');

export function sealWith(key: { id: string; corpId: number; secret: Buffer }, column: string, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.secret, iv);
  cipher.setAAD(aadOf(key.corpId, column));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED_VERSION}:${key.id}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
}

export function openWith(key: { corpId: number; secret: Buffer }, column: string, sealed: string): string {
  const raw = Buffer.from(sealed.slice(20), 'base64');
  if (raw.length < IV_BYTES + TAG_BYTES) throw new OpenError(column);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.secret, raw.subarray(0, IV_BYTES));
    decipher.setAAD(aadOf(key.corpId, column));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new OpenError(column);
  }
}

/**
 * What a blind index is computed over: the same person's phone in a case and in a house-loan client gives
 * the same index within a company, so the duplicate screen matches across tables as it did on plain values.
 */
export type IndexKind = 'phone' | 'phone_last4' | 'id_number' | 'bank_card';

/**
 * A blind index (decision 074): HMAC-SHA256 under the company's index key, which is not the data key, over
 * the kind and the value, truncated to 128 bits (hex). Equal values give equal indexes; nothing else leaks.
 */
export function blindIndexWith(indexKey: Buffer, kind: IndexKind, value: string): string {
  return createHmac('sha256', indexKey).update(`${kind}:${value}`).digest().subarray(0, 16).toString('hex');
}
