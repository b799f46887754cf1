/**
 * How many bits of randomness a secret can hold at most, judged from the characters it is written in and
 * how evenly it uses them. A production SESSION_SECRET keys the SMS-code hashes and signs the WeCom
 * identity cookie: one that can be guessed (the demo value, 36 × "a", a word repeated) lets anyone log
 * in as a bound staff member, so the server refuses anything below 256 bits.
 */
export const MIN_SECRET_BITS = 256;

export function estimateSecretBits(secret: string): number {
  if (secret.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  // Shannon entropy of the characters as used: 0 for "aaaa…", ~3.9 bits for random hex, ~5.9 for base64.
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / secret.length;
    perChar -= p * Math.log2(p);
  }
  // A random string of n characters from an alphabet of k shows fewer than k distinct ones, so its
  // empirical entropy understates the alphabet's; the alphabet's own width is the ceiling.
  const alphabetBits = /^[0-9a-f]+$/i.test(secret) ? 4 : /^[A-Za-z0-9+/=_-]+$/.test(secret) ? 6 : Math.log2(95);
  const repeats = /^(.{1,16}?)\1+$/.test(secret);
  if (repeats || perChar < 3) return Math.floor(perChar * secret.length * 0.5);
  return Math.floor(alphabetBits * secret.length);
}
