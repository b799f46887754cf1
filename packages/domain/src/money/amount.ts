import { AMOUNT_PATTERN } from '../validation/formats.ts';

/** Largest amount a record takes: 99 999 999.99 yuan, well inside a JS safe integer of fen. */
export const MAX_AMOUNT_FEN = 9_999_999_999;

/**
 * Yuan as typed ("1000", "1000.5", "1000.50") to integer fen, by string arithmetic so no float ever
 * touches the amount. Null when the text is not spec §5's amount format or has more than two decimals.
 */
export function yuanToFen(text: string): number | null {
  const value = text.trim();
  if (!AMOUNT_PATTERN.test(value)) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen <= MAX_AMOUNT_FEN ? fen : null;
}

/** Integer fen to a yuan string with two decimals and thousands separators: 123456 → "1,234.56". */
export function formatFen(amountFen: number): string {
  const negative = amountFen < 0;
  const abs = Math.abs(Math.trunc(amountFen));
  const yuan = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fen = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${yuan}.${fen}`;
}
