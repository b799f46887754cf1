import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacSha256, sha256Hex, toHex } from '@crm/domain/activity';

// The domain's plain-TypeScript SHA-256 and HMAC (the pool's hashes, decision 056) against node:crypto.
describe('the domain hashes agree with node:crypto', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])('on %i random bytes', (n) => {
    const data = randomBytes(n);
    const key = randomBytes((n % 90) + 1);
    expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
    expect(toHex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
  });
  it('hashes UTF-8 text like node', () => {
    for (const text of ['幸运抽奖', 'é', '𝌆 emoji 🎉', 'pool:4441'])
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
