import { customType } from 'drizzle-orm/pg-core';
import { isSealed } from './cipher.ts';
import { keyring } from './keyring.ts';

/** A plain value on its way into a sealed column: a write path that forgot to seal (decision 074). */
export class PlainValueError extends Error {
  constructor(column: string) {
    super(`${column} takes only sealed values: seal it with keyring.forCompany(db, corpId).seal('${column}', value)`);
    this.name = 'PlainValueError';
  }
}

/**
 * A text column holding sealed personal values (decision 074). Reads open them in the driver's row mapping,
 * so a select gives the plain value as before; writes (and comparisons, which go through the same mapping)
 * take only sealed values, so a forgotten write path, or a lookup that should use the blind index, fails
 * loudly instead of storing plain text. '' means "none" and passes both ways. A raw `sql` select bypasses the
 * mapping and sees the ciphertext.
 */
export const sealedText = (column: string) =>
  customType<{ data: string; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => {
      if (value !== '' && !isSealed(value)) throw new PlainValueError(column);
      return value;
    },
    fromDriver: (value) => keyring.open(column, value),
  })();

/**
 * A jsonb value kept sealed as text (esign_orders.pages: a document's text names the signer's phone and ID
 * number). Reads open and parse it; writes take only the sealed form, which `sealWith` makes from the value
 * when the table's field says `json`.
 */
export const sealedJson = <T>(column: string) =>
  customType<{ data: T; driverData: string }>({
    dataType: () => 'text',
    toDriver: (value) => {
      if (typeof value !== 'string' || !isSealed(value)) throw new PlainValueError(column);
      return value;
    },
    fromDriver: (value) => JSON.parse(keyring.open(column, value)) as T,
  })();
