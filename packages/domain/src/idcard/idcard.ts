/** Weights of the GB 11643-1999 check digit, position 1 to 17. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
/** The check character for each remainder mod 11 (0 → '1', 1 → '0', 2 → 'X', …). */
const CHECK_CHARS = '10X98765432';

/**
 * The GB 11643 check character of the first 17 digits of an 18-digit resident ID number, or null when
 * the input is not 17 digits.
 */
export function idCardCheckChar(first17: string): string | null {
  if (!/^\d{17}$/.test(first17)) return null;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (WEIGHTS[i] ?? 0);
  return CHECK_CHARS[sum % 11] ?? null;
}

/**
 * Whether an 18-digit ID number's last character matches its GB 11643 check digit (X in either case).
 * The 15-digit numbers of the first generation carry no check digit and are not judged here.
 */
export function isValidIdCardNumber(value: string): boolean {
  if (!/^\d{17}[\dXx]$/.test(value)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value.slice(17).toUpperCase();
}
