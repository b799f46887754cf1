import { describe, expect, it } from 'vitest';
import {
  codeFromBytes,
  derivePool,
  evenShares,
  oddsText,
  periodAt,
  periodsOf,
  releaseWindow,
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

describe('sha256 and HMAC in plain TypeScript (node:crypto agrees too: the server test activity.crypto.test.ts)', () => {
  it('match the FIPS 180-2 and RFC 4231 vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
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
    const seed = sha256Hex('a secret seed');
    const pool = derivePool(seed, composition);
    const published = { seedCommitment: seedCommitment(seed), poolHash: poolHash(pool) };
    expect(verifyRevealedPool({ seed, ...published, composition })).toEqual({
      seedMatches: true,
      poolMatches: true,
      pool,
    });
    const other = verifyRevealedPool({ seed: sha256Hex('another seed'), ...published, composition });
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

describe('a pool released over the campaign (issue 51)', () => {
  const planned = { ...composition, release: { every: 'day' as const, rollover: false, periods: 4 } };
  it('holds each period share of every tier in that period segment, shuffled within it', () => {
    const pool = derivePool('c'.repeat(64), planned);
    expect(pool).toHaveLength(100);
    // 25 tickets a day; tier 3 (6) as 2,2,1,1; tier 2 (3) as 1,1,1,0; tier 1 (1) on day 1.
    const count = (segment: string, tier: string) => [...segment].filter((t) => t === tier).length;
    const days = [0, 1, 2, 3].map((d) => pool.slice(d * 25, d * 25 + 25));
    expect(days.map((d) => count(d, '3'))).toEqual([2, 2, 1, 1]);
    expect(days.map((d) => count(d, '2'))).toEqual([1, 1, 1, 0]);
    expect(days.map((d) => count(d, '1'))).toEqual([1, 0, 0, 0]);
    expect(evenShares(10, 4)).toEqual([3, 3, 2, 2]);
  });
  it('commits to the plan: the same pool under another plan has another hash, and verification re-derives it', () => {
    const seed = sha256Hex('planned seed');
    const pool = derivePool(seed, planned);
    const published = { seedCommitment: seedCommitment(seed), poolHash: poolHash(pool, planned.release) };
    expect(verifyRevealedPool({ seed, ...published, composition: planned })).toMatchObject({
      seedMatches: true,
      poolMatches: true,
      pool,
    });
    const rolled = { ...planned, release: { ...planned.release, rollover: true } };
    expect(verifyRevealedPool({ seed, ...published, composition: rolled }).poolMatches).toBe(false);
    expect(verifyRevealedPool({ seed, ...published, composition }).poolMatches).toBe(false);
  });
  it('lets a period draw up to its own segment end, from the cursor with rollover and from its own start without', () => {
    expect(releaseWindow(planned, 0)).toEqual({ from: 0, to: 25 });
    expect(releaseWindow(planned, 2)).toEqual({ from: 50, to: 75 });
    expect(releaseWindow({ ...planned, release: { ...planned.release, rollover: true } }, 2)).toEqual({
      from: 0,
      to: 75,
    });
    expect(releaseWindow(planned, 9)).toEqual({ from: 75, to: 100 });
    expect(releaseWindow(planned, -1)).toEqual({ from: 0, to: 0 });
    expect(releaseWindow(composition, 5)).toEqual({ from: 0, to: 100 });
  });
  it("counts China's calendar days and hours", () => {
    const start = Date.parse('2026-05-01T15:30:00Z'); // 23:30 on 1 May in China
    expect(periodAt('day', start, Date.parse('2026-05-01T15:59:00Z'))).toBe(0);
    expect(periodAt('day', start, Date.parse('2026-05-01T16:00:00Z'))).toBe(1);
    expect(periodsOf('day', start, Date.parse('2026-05-03T16:00:00Z'))).toBe(3);
    expect(periodsOf('hour', start, Date.parse('2026-05-01T17:00:00Z'))).toBe(2);
  });
  it('shows odds as a fraction and a percentage', () => {
    expect(oddsText(1, 1000)).toBe('1/1000（0.1%）');
    expect(oddsText(3, 100)).toBe('3/100（3%）');
    expect(oddsText(1, 3)).toBe('1/3（33.3%）');
  });
});

describe('coupon codes', () => {
  it('are 10 letters of the unambiguous alphabet and read back in any typing', () => {
    const code = codeFromBytes(hmacSha256('k', 'code'));
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
