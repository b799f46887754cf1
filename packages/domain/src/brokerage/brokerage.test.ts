import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bpToPercent,
  computeBrokerageFen,
  isOverLimit,
  OVER_LIMIT_AMOUNT_FEN,
  OVER_LIMIT_RATE_BP,
  percentToBp,
  splitFen,
} from './brokerage.ts';

describe('computeBrokerageFen', () => {
  it.each([
    [100_000_000, 100, 1_000_000], // ¥1,000,000 at 1 % = ¥10,000
    [100_000_000, 150, 1_500_000],
    [333, 1, 0], // 0.0333 fen rounds down
    [5_000, 1, 1], // 0.5 fen rounds half up
    [4_999, 1, 0],
    [0, 500, 0],
  ])('%i fen at %i bp is %i fen', (loan, rate, expected) => {
    expect(computeBrokerageFen(loan, rate)).toBe(expected);
  });

  it('refuses fractions and negatives instead of guessing', () => {
    expect(() => computeBrokerageFen(1.5, 100)).toThrow(RangeError);
    expect(() => computeBrokerageFen(100, -1)).toThrow(RangeError);
  });

  it('is exact for the largest loans (no float rounding)', () => {
    // 9e15 fen × 1000 bp overflows a double's exact range; BigInt keeps it exact.
    expect(computeBrokerageFen(9_000_000_000_000_000 / 1000, 1000)).toBe(900_000_000_000_000 / 1000);
  });

  it('never goes above the exact value by more than half a fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 1000 }), (loan, rate) => {
        const fen = computeBrokerageFen(loan, rate);
        const exactTimes10000 = BigInt(loan) * BigInt(rate);
        const diff = BigInt(fen) * 10_000n - exactTimes10000;
        return diff <= 5_000n && diff > -5_000n;
      }),
    );
  });
});

describe('splitFen', () => {
  it.each([
    [100, [1, 1, 1], [34, 33, 33]],
    [101, [1, 1], [51, 50]],
    [10, [7, 3], [7, 3]],
    [0, [1, 2], [0, 0]],
    [1, [0, 1], [0, 1]],
  ])('%i fen by %j is %j', (total, weights, expected) => {
    expect(splitFen(total, weights)).toEqual(expected);
  });

  it('always sums to the whole, each part within one fen of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const parts = splitFen(total, weights);
          const weightSum = weights.reduce((a, b) => a + b, 0);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            const exact = (total * (weights[i] ?? 0)) / weightSum;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
            expect(Number.isInteger(part)).toBe(true);
          });
        },
      ),
    );
  });

  it('refuses no weights or all-zero weights', () => {
    expect(() => splitFen(10, [])).toThrow(RangeError);
    expect(() => splitFen(10, [0, 0])).toThrow(RangeError);
  });
});

describe('over-limit rule', () => {
  it('holds a rate above the limit or an amount above the limit, not at it', () => {
    expect(isOverLimit(OVER_LIMIT_RATE_BP, 100)).toBe(false);
    expect(isOverLimit(OVER_LIMIT_RATE_BP + 1, 100)).toBe(true);
    expect(isOverLimit(10, OVER_LIMIT_AMOUNT_FEN)).toBe(false);
    expect(isOverLimit(10, OVER_LIMIT_AMOUNT_FEN + 1)).toBe(true);
  });
});

describe('conversions', () => {
  it.each([
    ['1.5', 150],
    ['0.05', 5],
    ['2', 200],
    ['1.234', null],
    ['abc', null],
  ])('percent %s is %s bp', (text, bp) => {
    expect(percentToBp(text)).toBe(bp);
  });
  it('formats bp for people', () => {
    expect(bpToPercent(150)).toBe('1.50');
    expect(bpToPercent(5)).toBe('0.05');
  });
});
