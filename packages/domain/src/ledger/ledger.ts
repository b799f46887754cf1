/**
 * The commission ledger's arithmetic (decision 067): balances, the netting of a payout against a debt, the
 * claw-back amount, statement months and their totals. Integer fen only; pure, shared by the server and the
 * web, and proved by fast-check properties (ledger.test.ts).
 */

export type LineKind = 'accrual' | 'payment' | 'cancel' | 'reversal';

export const LINE_KIND_LABELS: Readonly<Record<LineKind, string>> = {
  accrual: '应付返佣',
  payment: '已支付',
  cancel: '返佣取消',
  reversal: '追回',
};

/** A line as the arithmetic needs it: a signed amount in fen and the moment it was written. */
export interface LedgerLine {
  amountFen: number;
  createdAt: Date;
}

/** The balance of a receiver's lines: what the company owes them (positive) or they owe back (negative). */
export const balanceOf = (lines: readonly { amountFen: number }[]): number =>
  lines.reduce((sum, line) => sum + line.amountFen, 0);

/**
 * Paying an order of `orderFen` to a receiver whose balance, with that order's accrual in it, is
 * `balanceFen`: what the debt of earlier claw-backs takes first (`nettedFen`) and what is sent (`cashFen`).
 * The payment line is −cashFen, so the balance after it is what it should be either way.
 */
export function nettedPayout(orderFen: number, balanceFen: number): { cashFen: number; nettedFen: number } {
  const cashFen = Math.max(0, Math.min(orderFen, balanceFen));
  return { cashFen, nettedFen: orderFen - cashFen };
}

/** The whole positive balance, paid out at once (a partner's payout); a debt pays nothing. */
export const payableOf = (balanceFen: number): number => Math.max(0, balanceFen);

const DAY_MS = 86_400_000;

/**
 * How much of `paidFen`, paid at `paidAt`, a return at `at` claws back: nothing once `windowDays` full days
 * have passed; else all of it, or with partial reversals the share of the window still left
 * (paid × (window − days) / window, rounded half up to the fen).
 */
export function clawbackFen(paidFen: number, paidAt: Date, at: Date, windowDays: number, partial: boolean): number {
  const days = Math.max(0, Math.floor((at.getTime() - paidAt.getTime()) / DAY_MS));
  if (windowDays <= 0 || days > windowDays || paidFen <= 0) return 0;
  if (!partial) return paidFen;
  const left = BigInt(windowDays - days);
  return Number((BigInt(paidFen) * left * 2n + BigInt(windowDays)) / (BigInt(windowDays) * 2n));
}

/** Statement months run on China's clock (UTC+8, no daylight saving). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The month ('YYYY-MM') a moment falls in, in China. */
export function periodOf(at: Date): string {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS);
  return `${local.getUTCFullYear()}-${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first moment of a month and of the next one. */
export function periodBounds(period: string): { start: Date; end: Date } {
  const [year = 0, month = 1] = period.split('-').map(Number);
  const start = new Date(Date.UTC(year, month - 1, 1) - CHINA_OFFSET_MS);
  const end = new Date(Date.UTC(year, month, 1) - CHINA_OFFSET_MS);
  return { start, end };
}

/** The month before `period`. */
export function previousPeriod(period: string): string {
  const { start } = periodBounds(period);
  return periodOf(new Date(start.getTime() - 1));
}

/** The month after `period`. */
export function nextPeriod(period: string): string {
  return periodOf(periodBounds(period).end);
}

/** Days after the statement day its payable is sent. */
export const PAY_DAYS_AFTER_STATEMENT = 5;

/** The statement day of the month after `period` ('YYYY-MM-DD'), and the pay day that follows it. */
export function statementDates(period: string, statementDay: number): { issueOn: string; payOn: string } {
  const [year, month] = nextPeriod(period).split('-').map(Number);
  // Calendar arithmetic: a statement day of 28 pays on the 2nd or 3rd of the month after.
  const day = (d: number) => new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, d)).toISOString().slice(0, 10);
  return { issueOn: day(statementDay), payOn: day(statementDay + PAY_DAYS_AFTER_STATEMENT) };
}

/** Whether the statements of `period` are due at `at`: the company's statement day of the next month has come. */
export function statementDue(period: string, statementDay: number, at: Date): boolean {
  const local = new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
  return local >= statementDates(period, statementDay).issueOn;
}

export interface StatementTotals {
  openingFen: number;
  creditsFen: number;
  debitsFen: number;
  closingFen: number;
  payableFen: number;
}

/**
 * One month of a receiver's lines: the opening balance (every line before the month), credits and debits
 * within it, the closing balance, and what will be paid (the closing balance when positive).
 */
export function statementTotals(lines: readonly LedgerLine[], period: string): StatementTotals {
  const { start, end } = periodBounds(period);
  let openingFen = 0;
  let creditsFen = 0;
  let debitsFen = 0;
  for (const line of lines) {
    if (line.createdAt < start) openingFen += line.amountFen;
    else if (line.createdAt < end) {
      if (line.amountFen > 0) creditsFen += line.amountFen;
      else debitsFen += line.amountFen;
    }
  }
  const closingFen = openingFen + creditsFen + debitsFen;
  return { openingFen, creditsFen, debitsFen, closingFen, payableFen: payableOf(closingFen) };
}

/** A client's name as a receiver's statement shows it: the first character and the last, starred between (沈*豪, 马*). */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length === 0) return '';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars.at(-1)}`;
}
