import { AMOUNT_PATTERN } from '../validation/formats.ts';

/**
 * Yuan typed in a form ("50000", "1234.5") to integer fen, exactly: the string is split at the dot, never
 * parsed as a float. null for anything that is not an amount of spec §5 with at most two decimals.
 */
export function yuanToFen(value: string): number | null {
  if (!AMOUNT_PATTERN.test(value)) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** Fen to a yuan string for forms and display: 5000000 → "50000", 123450 → "1234.5". */
export function fenToYuan(fen: number): string {
  const yuan = Math.trunc(fen / 100);
  const cents = Math.abs(fen % 100);
  if (cents === 0) return String(yuan);
  return `${yuan}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** Fen as a number of 万元 (10,000 yuan = 1,000,000 fen) with two decimals, for charts. */
export function fenToWanValue(fen: number): number {
  return Math.round(fen / 10_000) / 100;
}

/** Fen as 万元 with up to two decimals, for statistics ("12.5万"). */
export function fenToWan(fen: number): string {
  return `${fenToWanValue(fen)}万`;
}
