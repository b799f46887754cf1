/**
 * A form's starting values copied from a record the API sent: the fields a form shows as they are, and the
 * optional numbers a select or an input shows as text.
 */

// NoInfer: `keys` alone name the fields; inferred from the row or from the form's type (an index signature
// in some forms), they would widen to every key.

/** The record's `keys`, under their own names. */
export function pick<R extends object, K extends keyof R>(row: R, keys: readonly K[]): NoInfer<Pick<R, K>> {
  return Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<R, K>;
}

/** The record's optional numbers as text: `null` as '' (nothing chosen), a number as its digits. */
export function numberTexts<K extends string>(
  row: NoInfer<Record<K, number | null>>,
  keys: readonly K[],
): NoInfer<Record<K, string>> {
  return Object.fromEntries(keys.map((key) => [key, row[key] === null ? '' : String(row[key])])) as Record<K, string>;
}
