import { createHash, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  codeFromBytes,
  derivePool,
  normaliseCode,
  poolHash,
  seedCommitment,
  THANK_YOU_TIER,
  ticketList,
  verifyRevealedPool,
} from './index.ts';
import { hmacSha256, sha256Hex, toHex } from './sha256.ts';

const composition = {
  size: 100,
  prizes: [
    { tier: 1, stock: 1 },
    { tier: 2, stock: 3 },
    { tier: 3, stock: 6 },
  ],
};

describe('sha256 and HMAC in plain TypeScript', () => {
  it.each([0, 1, 55, 56, 63, 64, 65, 119, 120, 1000])('agree with node:crypto on %i random bytes', (n) => {
    const data = randomBytes(n);
    const key = randomBytes((n % 90) + 1);
    expect(sha256Hex(data)).toBe(createHash('sha256').update(data).digest('hex'));
    expect(toHex(hmacSha256(key, data))).toBe(createHmac('sha256', key).update(data).digest('hex'));
  });
  it('hashes UTF-8 text like node', () => {
    expect(sha256Hex('幸运抽奖')).toBe(createHash('sha256').update('幸运抽奖').digest('hex'));
  });
});

describe('the lottery pool', () => {
  it('holds exactly the stocked prizes and thank-you tickets, in an order fixed by the seed', () => {
    const pool = derivePool('a'.repeat(64), composition);
    expect(pool).toHaveLength(100);
    expect([...pool].filter((t) => t === '1')).toHaveLength(1);
    expect([...pool].filter((t) => t === '2')).toHaveLength(3);
    expect([...pool].filter((t) => t === '3')).toHaveLength(6);
    expect([...pool].filter((t) => t === String(THANK_YOU_TIER))).toHaveLength(90);
    expect(derivePool('a'.repeat(64), composition)).toBe(pool);
    expect(derivePool('b'.repeat(64), composition)).not.toBe(pool);
    // Shuffled, not the sorted list.
    expect(pool).not.toBe(ticketList(composition).join(''));
  });
  it('refuses more prizes than tickets', () => {
    expect(() => ticketList({ size: 2, prizes: [{ tier: 1, stock: 3 }] })).toThrow(RangeError);
  });
  it('re-derives the published hashes from the revealed seed, and catches a different seed', () => {
    const seed = randomBytes(32).toString('hex');
    const pool = derivePool(seed, composition);
    const published = { seedCommitment: seedCommitment(seed), poolHash: poolHash(pool) };
    expect(verifyRevealedPool({ seed, ...published, composition })).toEqual({
      seedMatches: true,
      poolMatches: true,
      pool,
    });
    const other = verifyRevealedPool({ seed: randomBytes(32).toString('hex'), ...published, composition });
    expect(other.seedMatches).toBe(false);
    expect(other.poolMatches).toBe(false);
  });
  it('puts the first prize anywhere: over many seeds each position half is hit', () => {
    const firstHalf = Array.from({ length: 200 }, (_, i) => derivePool(`seed-${i}`, composition).indexOf('1') < 50);
    const share = firstHalf.filter(Boolean).length / firstHalf.length;
    expect(share).toBeGreaterThan(0.35);
    expect(share).toBeLessThan(0.65);
  });
});

describe('coupon codes', () => {
  it('are 10 letters of the unambiguous alphabet and read back in any typing', () => {
    const code = codeFromBytes(randomBytes(32));
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{10}$/);
    expect(normaliseCode(`${code.slice(0, 5).toLowerCase()} - ${code.slice(5)}`)).toBe(code);
    expect(normaliseCode('O0I1L-UUUUU')).toBeNull();
    expect(normaliseCode('ABC')).toBeNull();
  });
  it('skip the bytes that would bias the alphabet', () => {
    expect(codeFromBytes(new Uint8Array([240, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))).toBe('23456789AB');
    expect(() => codeFromBytes(new Uint8Array([250, 251]))).toThrow(RangeError);
  });
});
