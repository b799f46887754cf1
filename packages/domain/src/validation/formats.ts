/** Formats of spec §5. Each check is skipped for an empty value: "required" is a separate rule. */
export const PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const AMOUNT_PATTERN = /^[1-9][\d.]{2,9}$/;
export const ID_NUMBER_PATTERN = /^(\d{15}|\d{17}[\dXx])$/;
export const BANK_CARD_PATTERN = /^\d{16,19}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;

/** Spaces of every width people type or paste between a card number's groups ("6222 0210 …"). */
const CARD_SPACES = /[\s\u00a0\u3000]/g;

/** A bank card number as typed or pasted, without the spaces between its groups: checked and stored so. */
export function cleanCardNumber(text: string): string {
  return text.replace(CARD_SPACES, '');
}

const isEmpty = (value: string | null | undefined): boolean => value == null || value === '';

/** Matches the pattern, or is empty (format checks are skipped for empty fields, spec §5). */
const formatCheck =
  (pattern: RegExp) =>
  (value: string | null | undefined): boolean =>
    isEmpty(value) || pattern.test(value ?? '');

export const isPhoneFormat = formatCheck(PHONE_PATTERN);
export const isAmountFormat = formatCheck(AMOUNT_PATTERN);
export const isIdNumberFormat = formatCheck(ID_NUMBER_PATTERN);
export const isBankCardFormat = formatCheck(BANK_CARD_PATTERN);
export const isSmsCodeFormat = formatCheck(SMS_CODE_PATTERN);

/** Phone masking of spec §9: keep the first 3 and last 4 digits. */
export function maskPhone(phone: string): string {
  if (phone.length < 7) return phone;
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 7)}${phone.slice(-4)}`;
}

/**
 * An ID number keeps its first 6 (the issuing region) and last 4 characters (issue 38, JR/T 0171-2020 C2;
 * decision 065): enough to tell two clients apart, not enough to read the birth date.
 */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length < 10) return idNumber;
  return `${idNumber.slice(0, 6)}${'*'.repeat(idNumber.length - 10)}${idNumber.slice(-4)}`;
}

/** A bank card keeps its last 4 digits only (issue 38; decision 065): the bank name beside it says the rest. */
export function maskBankCard(card: string): string {
  if (card.length < 5) return card;
  return `${'*'.repeat(card.length - 4)}${card.slice(-4)}`;
}

/** Whether a value is already masked (an owner never sees asterisks; anyone else may). */
export const isMasked = (value: string): boolean => value.includes('*');
