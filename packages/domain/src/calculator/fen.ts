/*
 * Integer-fen arithmetic shared by the calculator and financing agreements, so that both split a loan into
 * the same principal parts and round the same way.
 */

/** Rounds numerator / denominator to the nearest integer, halves up; both must be non-negative. */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  return (2n * numerator + denominator) / (2n * denominator);
}

/**
 * Equal principal parts in fen, each the loan / nper rounded to the fen (so 100万 over 360 months repays
 * 2777.78 a month, as every other calculator shows); the last instalment takes what is left.
 */
export function equalPrincipalParts(loanFen: bigint, nper: number): bigint[] {
  const months = BigInt(nper);
  const rounded = roundDiv(loanFen, months);
  // Rounding up could leave the last part negative on a loan of a few fen; round down there.
  const part = rounded * (months - 1n) > loanFen ? loanFen / months : rounded;
  const parts = Array.from({ length: nper }, () => part);
  parts[nper - 1] = loanFen - part * (months - 1n);
  return parts;
}

/** One instalment's interest (or fee) and principal, in fen. */
export interface FenPart {
  interest: bigint;
  corpus: bigint;
}

/** One instalment in fen; `key` is zero-based. payment = interest (or fee) + principal. */
export interface FenInstalment {
  key: number;
  paymentFen: number;
  interestFen: number;
  principalFen: number;
  balanceFen: number;
}

/** The instalments of a loan of `loanFen` repaid in `parts`, each with the balance it leaves. */
export function instalmentsInFen(loanFen: bigint, parts: readonly FenPart[]): FenInstalment[] {
  let balance = loanFen;
  return parts.map(({ interest, corpus }, key) => {
    balance -= corpus;
    return {
      key,
      paymentFen: Number(interest + corpus),
      interestFen: Number(interest),
      principalFen: Number(corpus),
      balanceFen: Number(balance),
    };
  });
}
