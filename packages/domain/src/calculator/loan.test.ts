import { IPMT, PMT, PPMT, RATE } from '@formulajs/formulajs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLoan, type CalculatorInput, type LoanResult } from './loan.ts';

/** formulajs answers `number | Error`; a test wants the number or a loud failure. */
const num = (value: unknown): number => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`formulajs returned ${String(value)}`);
  return value;
};
const fen = (yuan: number): number => Math.round(yuan * 100);
const sumFen = (values: number[]): number => values.reduce((sum, value) => sum + fen(value), 0);

describe('calculateLoan', () => {
  describe('known schedules', () => {
    it.each<{
      name: string;
      input: CalculatorInput;
      summary: Omit<LoanResult, 'list'>;
      first: LoanResult['list'][number];
      last: LoanResult['list'][number];
    }>([
      {
        name: '10万, 12 months, 4.9 % annual, equal instalments',
        input: { amount: 10, nper: 12, interestType: 1, rate: 4.9, method: 1 },
        summary: {
          loan_amount: 100000,
          nper: 12,
          rant: 4.9,
          irr: 4.9,
          total_interest: 2673.99,
          money_interest: 102673.99,
          month_payment: 8556.17,
        },
        first: {
          key: 0,
          month_payment: 8556.17,
          month_interest: 408.33,
          month_corpus: 8147.84,
          residue_money: 91852.16,
        },
        // 0.05 less than the others: twelve payments rounded up by 0.0038 each are given back at the end.
        last: {
          key: 11,
          month_payment: 8556.12,
          month_interest: 34.8,
          month_corpus: 8521.32,
          residue_money: 0,
        },
      },
      {
        name: '10万, 12 months, 4.9 % annual, equal principal',
        input: { amount: 10, nper: 12, interestType: 1, rate: 4.9, method: 2 },
        summary: {
          loan_amount: 100000,
          nper: 12,
          rant: 4.9,
          irr: 4.9,
          total_interest: 2654.17,
          money_interest: 102654.17,
          month_payment: 8741.66,
        },
        first: {
          key: 0,
          month_payment: 8741.66,
          month_interest: 408.33,
          month_corpus: 8333.33,
          residue_money: 91666.67,
        },
        last: {
          key: 11,
          month_payment: 8367.4,
          month_interest: 34.03,
          month_corpus: 8333.37,
          residue_money: 0,
        },
      },
      {
        name: '10万, 12 months, 0.6 % monthly fee',
        input: { amount: 10, nper: 12, interestType: 2, rate: 0.6 },
        summary: {
          loan_amount: 100000,
          nper: 12,
          rant: 7.2,
          irr: 13.03,
          total_interest: 7200,
          money_interest: 107200,
          month_payment: 8933.33,
        },
        first: {
          key: 0,
          month_payment: 8933.33,
          month_interest: 600,
          month_corpus: 8333.33,
          residue_money: 91666.67,
        },
        last: {
          key: 11,
          month_payment: 8933.37,
          month_interest: 600,
          month_corpus: 8333.37,
          residue_money: 0,
        },
      },
      {
        name: '1万, 1 month, 12 % annual, equal instalments',
        input: { amount: 1, nper: 1, interestType: 1, rate: 12, method: 1 },
        summary: {
          loan_amount: 10000,
          nper: 1,
          rant: 12,
          irr: 12,
          total_interest: 100,
          money_interest: 10100,
          month_payment: 10100,
        },
        first: { key: 0, month_payment: 10100, month_interest: 100, month_corpus: 10000, residue_money: 0 },
        last: { key: 0, month_payment: 10100, month_interest: 100, month_corpus: 10000, residue_money: 0 },
      },
      {
        name: '3万, 3 months, 0 % annual, equal instalments (no interest: the loan split evenly)',
        input: { amount: 3, nper: 3, interestType: 1, rate: 0, method: 1 },
        summary: {
          loan_amount: 30000,
          nper: 3,
          rant: 0,
          irr: 0,
          total_interest: 0,
          money_interest: 30000,
          month_payment: 10000,
        },
        first: { key: 0, month_payment: 10000, month_interest: 0, month_corpus: 10000, residue_money: 20000 },
        last: { key: 2, month_payment: 10000, month_interest: 0, month_corpus: 10000, residue_money: 0 },
      },
    ])('$name', ({ input, summary, first, last }) => {
      const { list, ...rest } = calculateLoan(input);
      expect(rest).toEqual(summary);
      expect(list).toHaveLength(input.nper);
      expect(list[0]).toEqual(first);
      expect(list.at(-1)).toEqual(last);
    });

    it('ignores a stray method on a monthly-fee loan', () => {
      const fee = { amount: 10, nper: 12, interestType: 2, rate: 0.6 } as const;
      expect(calculateLoan({ ...fee, method: 1 })).toEqual(calculateLoan(fee));
    });

    it.each([
      // The figures every Chinese mortgage calculator shows for these loans.
      { amount: 100, nper: 360, rate: 4.9, method: 1, payment: 5307.27 },
      { amount: 100, nper: 360, rate: 4.9, method: 2, payment: 6861.11 },
      { amount: 100, nper: 240, rate: 4.9, method: 1, payment: 6544.44 },
      { amount: 50, nper: 120, rate: 3.25, method: 1, payment: 4885.95 },
    ] as const)('first payment of $amount万 over $nper months at $rate % (method $method) is $payment', (row) => {
      const { amount, nper, rate, method, payment } = row;
      expect(calculateLoan({ amount, nper, interestType: 1, rate, method }).month_payment).toBe(payment);
    });
  });

  describe('totals as the banks show them (n × unrounded payment − loan; P·r·(n + 1) / 2), rounded once', () => {
    // Figures checked with exact fractions outside this code (Python's fractions.Fraction) and against the
    // totals bank mortgage calculators print for the first two loans (issue 39).
    it.each([
      { amount: 100, nper: 360, rate: 4.9, method: 1, payment: 5307.27, interest: 910616.19, total: 1910616.19 },
      { amount: 100, nper: 360, rate: 4.9, method: 2, payment: 6861.11, interest: 737041.67, total: 1737041.67 },
      { amount: 100, nper: 240, rate: 4.9, method: 1, payment: 6544.44, interest: 570665.72, total: 1570665.72 },
      { amount: 50, nper: 120, rate: 3.25, method: 1, payment: 4885.95, interest: 86314.17, total: 586314.17 },
      { amount: 30, nper: 360, rate: 4.1, method: 1, payment: 1449.6, interest: 221854.24, total: 521854.24 },
      { amount: 37, nper: 36, rate: 6.5, method: 1, payment: 11340.13, interest: 38244.72, total: 408244.72 },
      // The first month is the schedule's first row: 4166.67 principal + 1354.17 interest, each to the fen.
      { amount: 50, nper: 120, rate: 3.25, method: 2, payment: 5520.84, interest: 81927.08, total: 581927.08 },
      { amount: 30, nper: 360, rate: 4.1, method: 2, payment: 1858.33, interest: 185012.5, total: 485012.5 },
      { amount: 7, nper: 9, rate: 5.55, method: 2, payment: 8101.53, interest: 1618.75, total: 71618.75 },
    ] as const)(
      '$amount万, $nper months, $rate % (method $method): $interest interest, $total in all',
      ({ amount, nper, rate, method, payment, interest, total }) => {
        const result = calculateLoan({ amount, nper, interestType: 1, rate, method });
        expect(result.month_payment).toBe(payment);
        expect(result.total_interest).toBe(interest);
        expect(result.money_interest).toBe(total);
      },
    );

    it('keeps the fen rows: 100万 over 360 months at 4.9 % sums to 910,615.12 row by row', () => {
      const { list } = calculateLoan({ amount: 100, nper: 360, interestType: 1, rate: 4.9, method: 1 });
      expect(sumFen(list.map((row) => row.month_interest))).toBe(91_061_512);
    });

    it('charges a flat fee on the whole loan every month, rounded once: 3万 at 0.333 % over 7 months', () => {
      // 30000 × 0.00333 = 99.9 a month, 699.3 in all (rounding each month first would give the same here,
      // so also 1 fen at 0.0005 %: 0.15 a month, 1.05 over 7, not 7 × 0.15 rounded 0.2 → 1.40).
      expect(calculateLoan({ amount: 3, nper: 7, interestType: 2, rate: 0.333 }).total_interest).toBe(699.3);
      expect(calculateLoan({ amount: 3, nper: 7, interestType: 2, rate: 0.0005 }).total_interest).toBe(1.05);
    });
  });

  describe('equal instalments against Excel PMT / IPMT / PPMT', () => {
    it.each([
      { amount: 10, nper: 12, rate: 4.9 },
      { amount: 37, nper: 36, rate: 6.5 },
      { amount: 100, nper: 360, rate: 4.9 },
      { amount: 1, nper: 3, rate: 18.25 },
      { amount: 250, nper: 84, rate: 0.0001 },
    ])('$amount万, $nper months, $rate %', ({ amount, nper, rate }) => {
      const loan = amount * 10000;
      const monthly = rate / 1200;
      const result = calculateLoan({ amount, nper, interestType: 1, rate, method: 1 });
      const payment = -num(PMT(monthly, nper, loan));
      expect(Math.abs(result.month_payment - payment)).toBeLessThanOrEqual(0.005);

      // Excel's rows are exact; ours pay a payment rounded to the fen and interest rounded to the fen,
      // each off by at most half a fen, and what that leaves on the balance earns interest. So a row may
      // differ from Excel's by 0.01 plus the interest on that drift: 0.01 × ((1 + r)^(k − 1) − 1), nothing
      // for short loans, 0.03 at the end of 30 years at 4.9 %.
      const drift = (month: number): number => 0.01 * ((1 + monthly) ** month - 1);
      result.list.forEach((row, index) => {
        const interest = -num(IPMT(monthly, index + 1, nper, loan));
        const corpus = -num(PPMT(monthly, index + 1, nper, loan));
        const tolerance = 0.01 + drift(index) + 1e-9;
        expect(Math.abs(row.month_interest - interest)).toBeLessThanOrEqual(tolerance);
        if (index < nper - 1) {
          expect(row.month_payment).toBe(result.month_payment);
          expect(Math.abs(row.month_corpus - corpus)).toBeLessThanOrEqual(tolerance);
        } else {
          // The last instalment also settles the drifted balance itself.
          const settled = tolerance + drift(nper) / monthly;
          expect(Math.abs(row.month_payment - payment)).toBeLessThanOrEqual(settled);
          expect(Math.abs(row.month_corpus - corpus)).toBeLessThanOrEqual(settled);
        }
      });
    });
  });

  describe('equal principal against the closed form', () => {
    it.each([
      { amount: 10, nper: 12, rate: 4.9 },
      { amount: 7, nper: 9, rate: 5.55 },
      { amount: 100, nper: 360, rate: 4.9 },
    ])('$amount万, $nper months, $rate %', ({ amount, nper, rate }) => {
      const loan = amount * 10000;
      const result = calculateLoan({ amount, nper, interestType: 1, rate, method: 2 });
      const part = Math.round((loan / nper) * 100) / 100;
      let balance = loan;
      result.list.forEach((row, index) => {
        expect(Math.abs(row.month_interest - (balance * rate) / 1200)).toBeLessThanOrEqual(0.005 + 1e-9);
        if (index < nper - 1) expect(row.month_corpus).toBe(part);
        // Each earlier part is off by under half a fen, so the last one by under nper / 2 fen.
        else expect(Math.abs(row.month_corpus - loan / nper)).toBeLessThanOrEqual(0.005 * nper);
        balance = row.residue_money;
      });
    });
  });

  describe('instalment fee: irr against Excel RATE', () => {
    it.each([
      { amount: 10, nper: 12, rate: 0.6 },
      { amount: 10, nper: 3, rate: 0.6 },
      { amount: 15, nper: 24, rate: 0.45 },
      { amount: 100, nper: 36, rate: 0.78 },
      { amount: 3, nper: 6, rate: 1.2 },
      { amount: 9, nper: 1, rate: 0.5 },
    ])('$amount万, $nper months, $rate % a month', ({ amount, nper, rate }) => {
      const loan = amount * 10000;
      const result = calculateLoan({ amount, nper, interestType: 2, rate });
      expect(result.rant).toBeCloseTo(rate * 12, 10);
      const excel = num(RATE(nper, -result.month_payment, loan)) * 1200;
      // Excel sees the first payment every month; our last payment carries the fen left over, so allow
      // one step of the 2-decimal rounding.
      expect(Math.abs(result.irr - excel)).toBeLessThanOrEqual(0.01);
      expect(result.irr).toBeGreaterThanOrEqual(result.rant - 0.005);
    });

    it('charges the same fee on the original loan every month', () => {
      const { list } = calculateLoan({ amount: 20, nper: 18, interestType: 2, rate: 0.35 });
      expect(new Set(list.map((row) => row.month_interest))).toEqual(new Set([700]));
    });

    it('has an irr of 0 when there is no fee', () => {
      const result = calculateLoan({ amount: 5, nper: 12, interestType: 2, rate: 0 });
      expect(result).toMatchObject({ rant: 0, irr: 0, total_interest: 0 });
    });
  });

  describe('invariants', () => {
    const inputArbitrary: fc.Arbitrary<CalculatorInput> = fc.oneof(
      fc.record({
        amount: fc.integer({ min: 1, max: 1000 }),
        nper: fc.integer({ min: 1, max: 360 }),
        interestType: fc.constant(1 as const),
        // The form's domain: up to 3 integer digits and 4 decimals.
        rate: fc.integer({ min: 0, max: 9_999_999 }).map((units) => units / 10_000),
        method: fc.constantFrom(1 as const, 2 as const),
      }),
      fc.record({
        amount: fc.integer({ min: 1, max: 1000 }),
        nper: fc.integer({ min: 1, max: 360 }),
        interestType: fc.constant(2 as const),
        rate: fc.integer({ min: 0, max: 9_999_999 }).map((units) => units / 10_000),
      }),
    );

    it('repays exactly the loan, row by row, down to a zero balance', () => {
      fc.assert(
        fc.property(inputArbitrary, (input) => {
          const result = calculateLoan(input);
          const loanFen = input.amount * 1_000_000;
          const { list } = result;

          expect(list).toHaveLength(input.nper);
          expect(fen(result.loan_amount)).toBe(loanFen);
          expect(sumFen(list.map((row) => row.month_corpus))).toBe(loanFen);
          expect(list.at(-1)?.residue_money).toBe(0);

          let balance = loanFen;
          list.forEach((row, index) => {
            expect(row.key).toBe(index);
            for (const value of Object.values(row)) {
              expect(Number.isFinite(value)).toBe(true);
              expect(value).toBeGreaterThanOrEqual(0);
              expect(fen(value) / 100).toBe(value);
            }
            expect(fen(row.month_payment)).toBe(fen(row.month_interest) + fen(row.month_corpus));
            balance -= fen(row.month_corpus);
            expect(fen(row.residue_money)).toBe(balance);
          });
        }),
      );
    });

    it('never lets the balance grow, and shrinks it every month when principal is repaid evenly', () => {
      fc.assert(
        fc.property(inputArbitrary, (input) => {
          const { list } = calculateLoan(input);
          const evenPrincipal = input.interestType === 2 || input.method === 2;
          list.slice(1).forEach((row, index) => {
            const previous = list[index]?.residue_money ?? Number.NaN;
            if (evenPrincipal) expect(row.residue_money).toBeLessThan(previous);
            else expect(row.residue_money).toBeLessThanOrEqual(previous);
          });
        }),
      );
    });

    it('reports the first payment and totals the bank way, close to the rows they summarize', () => {
      fc.assert(
        fc.property(inputArbitrary, (input) => {
          const result = calculateLoan(input);
          const loan = input.amount * 10000;
          expect(fen(result.money_interest)).toBe(input.amount * 1_000_000 + fen(result.total_interest));
          expect(result.month_payment).toBe(result.list[0]?.month_payment);
          for (const value of [result.rant, result.irr, result.total_interest, result.money_interest]) {
            expect(Number.isFinite(value)).toBe(true);
          }
          // The closed forms in floating point; the exact total is within half a fen of them (plus what a
          // double loses on these magnitudes).
          const monthly = input.rate / 1200;
          const closedForm =
            input.interestType === 2
              ? (loan * input.rate * input.nper) / 100
              : input.method === 2
                ? (loan * monthly * (input.nper + 1)) / 2
                : input.rate === 0
                  ? 0
                  : -num(PMT(monthly, input.nper, loan)) * input.nper - loan;
          expect(Math.abs(result.total_interest - closedForm)).toBeLessThanOrEqual(0.005 + 1e-9 * (loan + closedForm));
        }),
      );
    });

    it('keeps equal instalments equal except for the last', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 2, max: 360 }),
          fc.integer({ min: 0, max: 9_999_999 }).map((units) => units / 10_000),
          (amount, nper, rate) => {
            const { list, month_payment } = calculateLoan({ amount, nper, interestType: 1, rate, method: 1 });
            for (const row of list.slice(0, -1)) expect(row.month_payment).toBe(month_payment);
          },
        ),
      );
    });

    it('finds the same irr as Excel RATE for realistic fees', () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 1000 }),
          fc.integer({ min: 1, max: 360 }),
          fc.integer({ min: 1, max: 30_000 }).map((units) => units / 10_000),
          (amount, nper, rate) => {
            const result = calculateLoan({ amount, nper, interestType: 2, rate });
            const excel = num(RATE(nper, -result.month_payment, amount * 10000)) * 1200;
            expect(Math.abs(result.irr - excel)).toBeLessThanOrEqual(0.01 + 1e-9);
          },
        ),
      );
    });
  });

  describe('refuses input it cannot compute', () => {
    const valid = { amount: 10, nper: 12, interestType: 1, rate: 4.9, method: 1 } as const;
    it.each<[string, Record<string, unknown>]>([
      ['a zero amount', { amount: 0 }],
      ['a negative amount', { amount: -1 }],
      ['a NaN amount', { amount: Number.NaN }],
      ['an amount too large to count in fen', { amount: 1e12 }],
      ['a zero term', { nper: 0 }],
      ['a fractional term', { nper: 1.5 }],
      ['a negative rate', { rate: -1 }],
      ['an infinite rate', { rate: Number.POSITIVE_INFINITY }],
      ['an unknown interest type', { interestType: 3 }],
      ['an annual rate without a method', { method: undefined }],
      ['an unknown method', { method: 3 }],
    ])('throws a RangeError for %s', (_, change) => {
      expect(() => calculateLoan({ ...valid, ...change })).toThrow(RangeError);
    });
  });
});
