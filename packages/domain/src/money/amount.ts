import { AMOUNT_PATTERN } from '../validation/formats.ts';

/*
 * The one money kernel (decision 043). Every amount a person types becomes integer fen here, by string
 * arithmetic, and every amount the web shows goes through formatFen. No other parser or formatter of
 * money exists in the repository.
 */

/** Largest amount a record takes: 99,999,999.99 yuan, well inside a JS safe integer of fen. */
export const MAX_AMOUNT_FEN = 9_999_999_999;

/** Spaces of every width people paste (ASCII, no-break, ideographic), dropped before parsing. */
const SPACES = /[\s\u00a0\u3000]/g;
/** Thousands separators: ASCII and full-width commas, accepted only where they group three digits. */
const GROUPED = /^\d{1,3}(?:[,，]\d{3})+(?:\.\d*)?$/;
const COMMAS = /[,，]/g;
const PLAIN = /^(0|[1-9]\d{0,7})(?:\.(\d{1,2}))?$/;

/**
 * What a person typed, without spaces and well-placed thousands separators ("12,800.50 " → "12800.50");
 * null when a comma is out of place ("1,28" is not an amount but a typo).
 */
export function cleanAmountText(text: string): string | null {
  const value = text.replace(SPACES, '');
  if (!/[,，]/.test(value)) return value;
  return GROUPED.test(value) ? value.replace(COMMAS, '') : null;
}

/**
 * A money amount typed in yuan ("5", "1280.5", "12,800.00") to integer fen, exactly: the text is split at
 * the dot and never parsed as a float. Null unless it is a plain decimal (no sign, no exponent, no
 * leading zero) with at most two decimals and at most MAX_AMOUNT_FEN. Zero parses to 0: forms that need
 * a positive amount say so (see moneyAmountToFen).
 */
export function yuanToFen(text: string): number | null {
  const value = cleanAmountText(text);
  if (value === null) return null;
  const match = PLAIN.exec(value);
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen <= MAX_AMOUNT_FEN ? fen : null;
}

/**
 * Whether the text is a well-formed amount that is only too large (over MAX_AMOUNT_FEN), so a form can say
 * that rather than "format incorrect".
 */
export function isAmountTooLarge(text: string): boolean {
  const match = /^([1-9]\d*)(?:\.(\d{1,2}))?$/.exec(cleanAmountText(text) ?? '');
  if (!match) return false;
  const [, yuan = '', fen = ''] = match;
  return yuan.length > 8 || Number(yuan) * 100 + Number(fen.padEnd(2, '0')) > MAX_AMOUNT_FEN;
}

/** A money amount (repayment, brokerage, payment): yuanToFen, and more than zero. */
export function moneyAmountToFen(text: string): number | null {
  const fen = yuanToFen(text);
  return fen !== null && fen > 0 ? fen : null;
}

/**
 * A loan amount typed in a client form (case amount and income, home-loan client and recommendation):
 * spec §5's format on top of the money rule, so it starts 1-9 and is 3-10 characters once spaces and
 * separators are gone (at least 100 yuan), with at most two decimals.
 */
export function loanAmountToFen(text: string): number | null {
  const value = cleanAmountText(text);
  if (value === null || !AMOUNT_PATTERN.test(value)) return null;
  return yuanToFen(value);
}

/** The one display format of money on every screen: 123456 → "¥1,234.56", -5 → "-¥0.05". */
export function formatFen(amountFen: number): string {
  const negative = amountFen < 0;
  const abs = Math.abs(Math.trunc(amountFen));
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fen = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}¥${yuan}.${fen}`;
}

/**
 * Fen as the plain yuan text a form field is pre-filled with, and server messages quote: 5000000 →
 * "50000", 123450 → "1234.5". yuanToFen reads it back unchanged.
 */
export function fenToYuan(fen: number): string {
  const negative = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  const yuan = Math.floor(abs / 100);
  const cents = abs % 100;
  const sign = negative ? '-' : '';
  if (cents === 0) return `${sign}${yuan}`;
  return `${sign}${yuan}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** Fen as a number of 万元 (10,000 yuan = 1,000,000 fen) with two decimals, for chart series only. */
export function fenToWanValue(fen: number): number {
  return Math.round(fen / 10_000) / 100;
}

/** Fen as 万元 with up to two decimals, the statistics pages' unit ("12.5万"). */
export function fenToWan(fen: number): string {
  return `${fenToWanValue(fen)}万`;
}
