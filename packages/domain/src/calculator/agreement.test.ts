import { describe, expect, it } from 'vitest';
import { agreementSchedule, formatPpmPercent } from './agreement.ts';
import { calculateLoan } from './loan.ts';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('agreementSchedule', () => {
  it('prices a monthly fee exactly as the calculator does, and shows its true annual rate', () => {
    const schedule = agreementSchedule({
      amountFen: 10_000_000,
      termMonths: 12,
      feeType: 1,
      ratePpm: 5000,
      method: null,
    });
    const calculator = calculateLoan({ amount: 10, nper: 12, interestType: 2, rate: 0.5 });
    expect(schedule.rows.map((row) => row.paymentFen / 100)).toEqual(calculator.list.map((row) => row.month_payment));
    expect(schedule.totalInterestFen).toBe(600_000);
    expect(schedule.nominalAnnualPpm).toBe(60_000);
    // A flat 0.5 % a month costs about 10.9 % a year, not 6 %.
    expect(schedule.irrPpm / 10_000).toBeCloseTo(calculator.irr, 1);
    expect(schedule.irrPpm).toBeGreaterThan(100_000);
  });

  it('spreads a total fee over the term in fen, the last month taking the remainder', () => {
    const schedule = agreementSchedule({
      amountFen: 1_000_001,
      termMonths: 7,
      feeType: 2,
      ratePpm: 80_000,
      method: null,
    });
    expect(schedule.totalInterestFen).toBe(80_000);
    expect(sum(schedule.rows.map((row) => row.principalFen))).toBe(1_000_001);
    expect(schedule.rows.at(-1)?.balanceFen).toBe(0);
    for (const row of schedule.rows) expect(row.paymentFen).toBe(row.interestFen + row.principalFen);
    expect(schedule.nominalAnnualPpm).toBe(137_143);
  });

  it('repays an annual rate on the balance, whose IRR is the quoted rate', () => {
    const schedule = agreementSchedule({
      amountFen: 10_000_000,
      termMonths: 12,
      feeType: 3,
      ratePpm: 49_000,
      method: 1,
    });
    expect(schedule.rows[0]?.paymentFen).toBe(855_617);
    expect(Math.abs(schedule.irrPpm - 49_000)).toBeLessThan(50);
    expect(sum(schedule.rows.map((row) => row.principalFen))).toBe(10_000_000);
  });

  it('answers a zero rate with a zero IRR', () => {
    expect(agreementSchedule({ amountFen: 1200, termMonths: 12, feeType: 2, ratePpm: 0, method: null }).irrPpm).toBe(0);
  });

  it.each([
    { amountFen: 0, termMonths: 12, feeType: 1 as const, ratePpm: 1, method: null },
    { amountFen: 100, termMonths: 0, feeType: 1 as const, ratePpm: 1, method: null },
    { amountFen: 100, termMonths: 12, feeType: 3 as const, ratePpm: 1, method: null },
  ])('refuses impossible terms %o', (terms) => {
    expect(() => agreementSchedule(terms)).toThrow(RangeError);
  });
});

describe('formatPpmPercent', () => {
  it.each([
    [3500, '0.35%'],
    [49_000, '4.90%'],
    [3750, '0.375%'],
    [1234, '0.1234%'],
    [0, '0.00%'],
  ])('%i → %s', (ppm, text) => {
    expect(formatPpmPercent(ppm)).toBe(text);
  });
});
