import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimateSecretBits, MIN_SECRET_BITS } from './secret-strength.ts';

describe('estimateSecretBits', () => {
  it.each([
    ['openssl rand -base64 48', randomBytes(48).toString('base64')],
    ['openssl rand -hex 32', randomBytes(32).toString('hex')],
    ['base64url of 40 bytes', randomBytes(40).toString('base64url')],
  ])('accepts a random secret made like %s', (_how, secret) => {
    expect(estimateSecretBits(secret)).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
  });

  it.each([
    ['one letter repeated', 'a'.repeat(36)],
    ['a word repeated', 'password'.repeat(8)],
    ['a short hex pattern repeated', '0123456789abcdef'.repeat(2)],
    ['16 random bytes (128 bits)', randomBytes(16).toString('hex')],
    ['empty', ''],
  ])('refuses %s', (_what, secret) => {
    expect(estimateSecretBits(secret)).toBeLessThan(MIN_SECRET_BITS);
  });
});
