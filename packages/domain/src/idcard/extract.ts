import { isValidIdNumber } from './id-number.ts';
import { isValidBankCardNumber } from './luhn.ts';

export type OcrKind = 'idCard' | 'bankCard';

/**
 * Picks the document number out of raw OCR text. Digits split by spaces (bank cards print in groups of
 * four) are joined per line; a candidate that passes its check digit wins over one that does not. The
 * answer's `valid` says which it is, so the caller can lower its confidence.
 */
export function extractDocumentNumber(kind: OcrKind, text: string): { number: string; valid: boolean } | null {
  const candidates: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const joined = line.replace(/[\s-]/g, '').toUpperCase();
    const pattern = kind === 'idCard' ? /\d{17}[\dX]/g : /\d{16,19}/g;
    for (const match of joined.matchAll(pattern)) candidates.push(match[0]);
  }
  if (candidates.length === 0) return null;
  const isValid = kind === 'idCard' ? isValidIdNumber : isValidBankCardNumber;
  const valid = candidates.find(isValid);
  if (valid) return { number: valid, valid: true };
  return { number: candidates[0] ?? '', valid: false };
}
