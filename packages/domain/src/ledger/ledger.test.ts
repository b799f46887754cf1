import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  clawbackFen,
  nettedPayout,
  nextPeriod,
  periodBounds,
  periodOf,
  previousPeriod,
  statementDates,
  statementDue,
  statementTotals,
  type LedgerLine,
} from './ledger.ts';

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);

/** What happens to one receiver's account, in order, one every few hours over a year and more. */
const operation = fc.oneof(
  fc.record({ op: fc.constant('accrue' as const), fen: fc.integer({ min: 1, max: 5_000_000 }) }),
  fc.record({ op: fc.constant('pay' as const), fen: fc.integer({ min: 1, max: 5_000_000 }) }),
  fc.record({ op: fc.constant('reverse' as const), fen: fc.integer({ min: 1, max: 5_000_000 }) }),
  fc.record({ op: fc.constant('cancel' as const), fen: fc.integer({ min: 1, max: 5_000_000 }) }),
);
const step = fc.record({ hours: fc.integer({ min: 0, max: 24 * 40 }), operation });

/** Plays the operations as the server writes lines: a payment is netted against the balance at the time. */
function play(steps: { hours: number; operation: { op: string; fen: number } }[]) {
  const lines: LedgerLine[] = [];
  let at = START;
  let sent = 0;
  let netted = 0;
  for (const { hours, operation: o } of steps) {
    at += hours * 3_600_000;
    const createdAt = new Date(at);
    if (o.op === 'accrue') lines.push({ amountFen: o.fen, createdAt });
    else if (o.op === 'pay') {
      const payout = nettedPayout(o.fen, balanceOf(lines));
      sent += payout.cashFen;
      netted += payout.nettedFen;
      lines.push({ amountFen: -payout.cashFen, createdAt });
    } else lines.push({ amountFen: -o.fen, createdAt });
  }
  return { lines, sent, netted };
}

describe('the ledger arithmetic (decision 067)', () => {
  it('the balance is the sum of the lines, and every statement closes where the next one opens', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { lines } = play(steps);
        const total = lines.reduce((sum, line) => sum + line.amountFen, 0);
        expect(balanceOf(lines)).toBe(total);
        const last = lines.at(-1)?.createdAt ?? new Date(START);
        let period = periodOf(new Date(START));
        let inPeriods = 0;
        while (period <= periodOf(last)) {
          const month = statementTotals(lines, period);
          const following = statementTotals(lines, nextPeriod(period));
          expect(month.closingFen).toBe(following.openingFen);
          expect(month.closingFen).toBe(month.openingFen + month.creditsFen + month.debitsFen);
          expect(month.payableFen).toBe(Math.max(0, month.closingFen));
          inPeriods += month.creditsFen + month.debitsFen;
          period = nextPeriod(period);
        }
        // Every line lands in exactly one month: the months together are the whole balance.
        expect(inPeriods).toBe(total);
      }),
    );
  });

  it('a payment never sends more than is owed, and what it holds back is exactly the debt it settles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        (order, balance) => {
          const { cashFen, nettedFen } = nettedPayout(order, balance);
          expect(cashFen + nettedFen).toBe(order);
          expect(cashFen).toBeGreaterThanOrEqual(0);
          expect(cashFen).toBeLessThanOrEqual(Math.max(0, balance));
          // After the payment the receiver is never owed less than nothing because of it.
          expect(balance - cashFen).toBeGreaterThanOrEqual(Math.min(0, balance));
        },
      ),
    );
  });

  it('a debt from a claw-back is taken from the next payout', () => {
    // Paid ¥1,000, clawed back, then a new ¥800 order: nothing is sent and ¥200 is still owed.
    const { lines, sent, netted } = play([
      { hours: 0, operation: { op: 'accrue', fen: 100_000 } },
      { hours: 1, operation: { op: 'pay', fen: 100_000 } },
      { hours: 1, operation: { op: 'reverse', fen: 100_000 } },
      { hours: 1, operation: { op: 'accrue', fen: 80_000 } },
      { hours: 1, operation: { op: 'pay', fen: 80_000 } },
    ]);
    expect(sent).toBe(100_000);
    expect(netted).toBe(80_000);
    expect(balanceOf(lines)).toBe(-20_000);
  });

  it('claws back all of a payout within the window, or pro rata with partial reversals, nothing after it', () => {
    const paidAt = new Date(START);
    const at = (days: number) => new Date(START + days * DAY);
    expect(clawbackFen(100_000, paidAt, at(0), 90, false)).toBe(100_000);
    expect(clawbackFen(100_000, paidAt, at(90), 90, false)).toBe(100_000);
    expect(clawbackFen(100_000, paidAt, at(91), 90, false)).toBe(0);
    expect(clawbackFen(100_000, paidAt, at(30), 90, true)).toBe(66_667);
    expect(clawbackFen(100_000, paidAt, at(90), 90, true)).toBe(0);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 1, max: 365 }),
        fc.boolean(),
        (paid, days, window, partial) => {
          const fen = clawbackFen(paid, paidAt, at(days), window, partial);
          expect(Number.isSafeInteger(fen)).toBe(true);
          expect(fen).toBeGreaterThanOrEqual(0);
          expect(fen).toBeLessThanOrEqual(paid);
          if (days > window) expect(fen).toBe(0);
        },
      ),
    );
  });

  it('months are China months, and a statement is due on the company day of the month after', () => {
    // 2026-10-31 20:00 UTC is already November in Shanghai.
    expect(periodOf(new Date('2026-10-31T20:00:00Z'))).toBe('2026-11');
    expect(periodBounds('2026-11').start.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(previousPeriod('2026-01')).toBe('2025-12');
    expect(nextPeriod('2026-12')).toBe('2027-01');
    expect(statementDates('2026-10', 5)).toEqual({ issueOn: '2026-11-05', payOn: '2026-11-10' });
    // The latest statement day the back office allows pays in the month after, on a real date.
    expect(statementDates('2027-01', 28)).toEqual({ issueOn: '2027-02-28', payOn: '2027-03-05' });
    expect(statementDates('2026-11', 28)).toEqual({ issueOn: '2026-12-28', payOn: '2027-01-02' });
    expect(statementDue('2026-10', 5, new Date('2026-11-04T15:59:00Z'))).toBe(false);
    expect(statementDue('2026-10', 5, new Date('2026-11-04T16:00:00Z'))).toBe(true);
  });
});
