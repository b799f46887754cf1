import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * How many guesses, in bits, an attacker who knows how people make "random" strings needs for a secret. A
 * production SESSION_SECRET keys the SMS-code hashes and signs the WeCom identity cookie and image links:
 * one that can be guessed lets anyone log in as a bound staff member.
 *
 * Counting characters is not enough (`abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ` uses 46 distinct
 * ones and is three sequences), so the judge is zxcvbn (@zxcvbn-ts): it finds sequences, keyboard walks
 * (qwerty, dvorak, keypad), repeated blocks, dates, common passwords and dictionary words (the diceware
 * list), and prices the cheapest way to cover the string with them. What it cannot explain it prices as
 * brute force at 10 guesses a character, a deliberate underestimate for a random secret: 32 random bytes
 * in base64 (44 characters, 256 real bits) score about 146 bits, 16 random bytes in hex about 100.
 */
export const MIN_SECRET_BITS = 128;

let estimator: ZxcvbnFactory | undefined;

export function estimateSecretBits(secret: string): number {
  if (secret.length === 0) return 0;
  // Built on first use: it loads ~57,000 words, which only a production start needs.
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return Math.floor(estimator.check(secret).guessesLog10 * Math.log2(10));
}
