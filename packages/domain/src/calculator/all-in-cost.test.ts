import { IRR, RATE } from '@formulajs/formulajs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allInCost,
  calculatorAllInCost,
  feeOfLoan,
  isAboveCap,
  isAboveLimit,
  ppmToPercent,
  type FenFee,
  type LoanPrice,
} from './all-in-cost.ts';

const num = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`formulajs returned ${String(value)}`);
  return value;
};
const once = (amountFen: number): FenFee => ({ mode: 'once', amountFen });
const monthly = (amountFen: number): FenFee => ({ mode: 'monthly', amountFen });
const FLAT_HALF_PERCENT: LoanPrice = { feeType: 1, ratePpm: 5000, method: null };

describe('allInCost', () => {
  it('a flat 0.5 % a month with a 2 % fee up front: Excel RATE on the level payments the client makes', () => {
    // 120,000 yuan over 12 months: 10,000 principal + 600 fee a month, exactly; 2,400 taken at payout.
    const cost = allInCost({ amountFen: 12_000_000, termMonths: 12, price: FLAT_HALF_PERCENT, fees: [once(240_000)] });
    expect(cost.netFen).toBe(11_760_000);
    expect(cost.paymentsFen).toEqual(Array.from({ length: 12 }, () => 1_060_000));
    expect(cost.costFen).toBe(12 * 1_060_000 - 11_760_000);
    const reference = num(RATE(12, -10_600, 117_600)) * 12;
    expect(cost.irrPpm! / 1_000_000).toBeCloseTo(reference, 6);
    // 14.74 % a year against the 6 % the monthly rate reads as.
    expect(ppmToPercent(cost.irrPpm!)).toBe(14.74);
  });

  it('matches a spreadsheet IRR of the uneven fen cash flows (rounding in the last month, fees both ways)', () => {
    const fees = [once(150_000), monthly(20_000), once(50_000)];
    const cost = allInCost({ amountFen: 10_000_001, termMonths: 7, price: FLAT_HALF_PERCENT, fees });
    const flows = [-cost.netFen, ...cost.paymentsFen];
    expect(cost.netFen).toBe(10_000_001 - 200_000);
    expect(cost.irrPpm! / 1_000_000).toBeCloseTo(num(IRR(flows, 0.01)) * 12, 6);
  });

  it.each([
    // One month, no interest: 9,900 received, 10,000 repaid → (10000 / 9900 − 1) × 12.
    { name: 'a one-off fee on a one-month loan', fees: [once(10_000)], annual: (10_000 / 9_900 - 1) * 12 },
    // One month, 100 paid on top of 10,000 → 1 % a month, 12 % a year.
    { name: 'a monthly fee on a one-month loan', fees: [monthly(10_000)], annual: 0.12 },
    { name: 'no fee and no price', fees: [], annual: 0 },
  ])('closed form: $name', ({ fees, annual }) => {
    const cost = allInCost({ amountFen: 1_000_000, termMonths: 1, price: null, fees });
    expect(cost.irrPpm).toBe(Math.round(annual * 1_000_000));
  });

  it('an annual rate with no fees costs its quoted rate', () => {
    const price: LoanPrice = { feeType: 3, ratePpm: 49_000, method: 1 };
    const cost = allInCost({ amountFen: 10_000_000, termMonths: 12, price, fees: [] });
    expect(Math.abs(cost.irrPpm! - 49_000)).toBeLessThan(50);
    expect(cost.monthPaymentFen).toBe(855_617);
  });

  it('has no cost to compute when the one-off fees take the whole loan', () => {
    const cost = allInCost({ amountFen: 100_000, termMonths: 12, price: null, fees: [once(100_000)] });
    expect(cost.irrPpm).toBeNull();
    expect(isAboveLimit(cost.irrPpm)).toBe(true);
  });

  it('refuses a negative fee', () => {
    expect(() => allInCost({ amountFen: 100, termMonths: 1, price: null, fees: [once(-1)] })).toThrow(RangeError);
  });

  it('agrees with the calculator screen for the same loan', () => {
    const fromCalculator = calculatorAllInCost({ amount: 12, nper: 12, interestType: 2, rate: 0.5 }, [once(240_000)]);
    const fromCase = allInCost({
      amountFen: 12_000_000,
      termMonths: 12,
      price: FLAT_HALF_PERCENT,
      fees: [once(240_000)],
    });
    expect(fromCalculator).toEqual(fromCase);
  });

  it('more fees never lower the cost', () => {
    const price = fc.option(
      fc.record({
        feeType: fc.constantFrom(1 as const, 2 as const),
        ratePpm: fc.integer({ min: 0, max: 20_000 }),
        method: fc.constant(null),
      }),
      { nil: null },
    );
    const fee = fc.record({ mode: fc.constantFrom('once' as const, 'monthly' as const), amountFen: fc.nat(500_000) });
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 50_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        price,
        fc.array(fee, { maxLength: 4 }),
        fee,
        (amountFen, termMonths, loanPrice, fees, extra) => {
          const before = allInCost({ amountFen, termMonths, price: loanPrice, fees }).irrPpm;
          const after = allInCost({ amountFen, termMonths, price: loanPrice, fees: [...fees, extra] }).irrPpm;
          // null is a cost too high to compute: nothing beats it, and once there it stays there.
          if (before === null) expect(after).toBeNull();
          else if (after !== null) expect(after).toBeGreaterThanOrEqual(before);
        },
      ),
    );
  });
});

describe('fee helpers', () => {
  it('prices a product fee of the loan in fen, halves up', () => {
    expect(feeOfLoan(10_000_000, 20_000)).toBe(200_000);
    expect(feeOfLoan(333, 15_000)).toBe(5);
  });

  it.each([
    [240_000, 2400, false],
    [240_001, 2400, true],
    [null, 2400, true],
  ])('cost %s ppm above a cap of %i bp: %s', (ppm, cap, above) => {
    expect(isAboveCap(ppm, cap)).toBe(above);
  });

  it('refuses only above 36 %', () => {
    expect(isAboveLimit(360_000)).toBe(false);
    expect(isAboveLimit(360_001)).toBe(true);
  });
});
