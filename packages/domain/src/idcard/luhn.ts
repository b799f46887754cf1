/** Whether a digit string passes the Luhn (mod 10) check that bank card numbers carry. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{2,}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = Number(digits[i]);
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A bank card number of spec §5 (16–19 digits) that also passes Luhn. */
export function isValidBankCardNumber(value: string): boolean {
  return /^\d{16,19}$/.test(value) && isLuhnValid(value);
}
