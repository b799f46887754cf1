import { ID_NUMBER_PATTERN } from '../validation/formats.ts';

/*
 * The one resident ID number check of the repository (GB 11643-1999), used by the case form, the
 * home-loan client form, OCR's number picking, the seed and the test factories.
 */

/** Weights of the GB 11643-1999 check digit, position 1 to 17. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** The check character for each remainder mod 11 (0 → '1', 1 → '0', 2 → 'X', …). */
const CHECK_CHARS = '10X98765432';

export interface IdNumberFacts {
  /** yyyy-mm-dd */
  birthDate: string;
  /** 1 male, 2 female (GB 11643: the sequence code's last digit is odd for men). */
  sex: 1 | 2;
}

/**
 * The check character of the first 17 digits (GB 11643-1999, ISO 7064 MOD 11-2); throws when the input
 * is not 17 digits, which only a programming error passes.
 */
export function idCheckChar(first17: string): string {
  if (!/^\d{17}$/.test(first17)) throw new RangeError('idCheckChar takes the first 17 digits');
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? '';
}

function validDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Birth date and sex of a resident ID number, or null when it is not one: wrong format, an impossible
 * birth date, or (18 digits) a wrong check character. 15-digit numbers (issued before 1999) have no check
 * character and a two-digit year in the 1900s.
 */
export function parseIdNumber(value: string): IdNumberFacts | null {
  if (!ID_NUMBER_PATTERN.test(value)) return null;
  const is18 = value.length === 18;
  const year = is18 ? Number(value.slice(6, 10)) : 1900 + Number(value.slice(6, 8));
  const month = Number(is18 ? value.slice(10, 12) : value.slice(8, 10));
  const day = Number(is18 ? value.slice(12, 14) : value.slice(10, 12));
  if (year < 1900 || !validDate(year, month, day)) return null;
  if (is18 && idCheckChar(value.slice(0, 17)) !== value[17]?.toUpperCase()) return null;
  const sexDigit = Number(is18 ? value[16] : value[14]);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { birthDate: `${year}-${pad(month)}-${pad(day)}`, sex: sexDigit % 2 === 1 ? 1 : 2 };
}

/** Whether a value is a resident ID number spec §5 accepts: 15 or 18 digits, a real birth date, the check. */
export function isValidIdNumber(value: string): boolean {
  return parseIdNumber(value) !== null;
}
