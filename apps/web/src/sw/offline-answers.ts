import { maskBankCard, maskIdNumber, maskPhone } from '@crm/domain/validation';

/*
 * What the service worker keeps of an API answer for reading offline (decision 082): the key it is kept under,
 * and the answer with its personal numbers masked. Pure, so the page tests run it without a worker.
 */

/** Where a read's answers are kept: one made-up GET address per call and parameters, never sent anywhere. */
export const OFFLINE_PREFIX = '/__offline__';

type Field = [name: string, value: string];

/**
 * The key of a read: its path and its parameters (query string and body fields) sorted by name, so the same
 * read finds its answer whatever the order or the multipart boundary it was sent with. Files are left out.
 */
export function offlineKey(origin: string, path: string, fields: readonly Field[]): string {
  const params = new URLSearchParams([...fields].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const query = params.toString();
  return `${origin}${OFFLINE_PREFIX}${path}${query ? `?${query}` : ''}`;
}

const MASKS: ReadonlyArray<readonly [RegExp, (value: string) => string]> = [
  [/(^|_)(phone|mobile|tel)$/i, maskPhone],
  [/(^|_)id_?(number|card)$/i, maskIdNumber],
  [/(^|_)(bank_?card|card_no)$/i, maskBankCard],
];

/**
 * The answer as the phone keeps it: every phone, ID number and bank card masked as a colleague sees them
 * (decision 065: first 3 and last 4, first 6 and last 4, last 4), so a lost phone's cache holds no full number.
 * An owner reads the full numbers online only; `masked: true` says so to the detail page.
 */
export function maskAnswer(value: unknown, key = ''): unknown {
  if (typeof value === 'string') {
    const mask = MASKS.find(([pattern]) => pattern.test(key))?.[1];
    return mask && value !== '' ? mask(value) : value;
  }
  if (Array.isArray(value)) return value.map((item) => maskAnswer(item, key));
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).map(([name, item]) => [name, maskAnswer(item, name)] as const);
    const masked = Object.fromEntries(entries);
    if ('masked' in masked && typeof masked.masked === 'boolean') masked.masked = true;
    return masked;
  }
  return value;
}
