import { RATE } from '@formulajs/formulajs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodicIrr } from './irr.ts';

const num = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`formulajs returned ${String(value)}`);
  return value;
};

describe('periodicIrr', () => {
  it.each([
    { principal: 100000, payment: 8933.33, periods: 12 },
    { principal: 100000, payment: 8556.17, periods: 12 },
    { principal: 1000000, payment: 5307.27, periods: 360 },
    { principal: 10000, payment: 10100, periods: 1 },
    { principal: 30000, payment: 10500, periods: 3 },
  ])('matches Excel RATE for $periods payments of $payment on $principal', ({ principal, payment, periods }) => {
    const rate = periodicIrr(
      principal,
      Array.from({ length: periods }, () => payment),
    );
    expect(rate).toBeCloseTo(num(RATE(periods, -payment, principal)), 10);
  });

  it('is 0 when the payments only return the principal', () => {
    expect(periodicIrr(900, [300, 300, 300])).toBe(0);
  });

  it('discounts uneven payments: a late lump costs less than the same sum paid early', () => {
    const early = periodicIrr(1000, [1100, 0, 0]);
    const late = periodicIrr(1000, [0, 0, 1100]);
    expect(early).toBeCloseTo(0.1, 12);
    expect(late).toBeCloseTo(1.1 ** (1 / 3) - 1, 12);
  });

  it.each([
    ['no payments', 1000, []],
    ['payments short of the principal', 1000, [400, 500]],
    ['a zero principal', 0, [1]],
  ] as const)('refuses %s', (_, principal, payments) => {
    expect(() => periodicIrr(principal, payments)).toThrow(RangeError);
  });

  it('solves the present value equation for any level annuity', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 360 }),
        fc.double({ min: 0.0001, max: 0.2, noNaN: true }),
        (periods, rate) => {
          // Build the payment from a known rate, then recover the rate.
          const principal = 100000;
          const payment = (principal * rate) / (1 - (1 + rate) ** -periods);
          const solved = periodicIrr(
            principal,
            Array.from({ length: periods }, () => payment),
          );
          expect(Math.abs(solved - rate)).toBeLessThanOrEqual(1e-9);
        },
      ),
    );
  });
});
