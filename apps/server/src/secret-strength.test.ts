import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { estimateSecretBits, MIN_SECRET_BITS } from './secret-strength.ts';

describe('estimateSecretBits', () => {
  it.each([
    ['openssl rand -base64 32', randomBytes(32).toString('base64')],
    ['openssl rand -base64 48', randomBytes(48).toString('base64')],
    ['openssl rand -hex 32', randomBytes(32).toString('hex')],
    ['base64url of 40 bytes', randomBytes(40).toString('base64url')],
  ])('accepts a random secret made like %s', (_how, secret) => {
    expect(estimateSecretBits(secret)).toBeGreaterThanOrEqual(MIN_SECRET_BITS);
  });

  it.each([
    ['alphabet and digit sequences', 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ'],
    ['sequences backwards and stepped', 'zyxwvutsrqponmlkjihgfedcba9876543210acegikmoqsuwy'],
    ['a qwerty keyboard walk', 'qwertyuiopasdfghjklzxcvbnm1234567890qwertyuiopasdf'],
    ['a shifted keyboard walk', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/!QAZ@WSX#EDC'],
    ['one letter repeated', 'a'.repeat(48)],
    ['a random-looking block repeated', 'Xk9#mP2$vQ'.repeat(5)],
    ['a word repeated', 'password'.repeat(8)],
    ['common passwords and words strung together', 'iloveyou-sunshine-football-princess-dragon-monkey'],
    ['a four-word passphrase', 'correct-horse-battery-staple-correct-horse'],
    ['the demo secret with a year', 'demo-only-secret-not-for-production-use-2026'],
    ['16 random bytes (128 real bits, too short to prove it)', randomBytes(16).toString('hex')],
    ['empty', ''],
  ])('refuses %s', (_what, secret) => {
    expect(estimateSecretBits(secret)).toBeLessThan(MIN_SECRET_BITS);
  });
});
