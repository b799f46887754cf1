/*
 * Coupon and prize codes (decision 056): 10 characters of a 30-letter alphabet without the look-alikes
 * 0/O, 1/I/L and U (Crockford's idea, our set), from a crypto source: 30^10 ≈
 * 2^49 codes, so one code says nothing of another and guessing one is hopeless. Shown as XXXXX-XXXXX; staff
 * may type it in any case, with or without the dash or spaces.
 */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 10;

/** A new code from random bytes (the caller supplies them: crypto.getRandomValues or randomBytes). */
export function codeFromBytes(bytes: Uint8Array): string {
  let code = '';
  for (const byte of bytes) {
    // 256 = 8 × 30 + 16: bytes ≥ 240 are skipped so every letter is equally likely.
    if (byte >= 240) continue;
    code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    if (code.length === CODE_LENGTH) return code;
  }
  throw new RangeError('not enough random bytes');
}

/** The code as people see it: two groups of five. */
export const formatCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** What staff typed, as stored (upper case, no dash or spaces), or null when it cannot be a code. */
export function normaliseCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== CODE_LENGTH) return null;
  for (const ch of code) if (!CODE_ALPHABET.includes(ch)) return null;
  return code;
}
