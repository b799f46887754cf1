/** A camelCase name as the API spells it: `signerName` → `signer_name`. */
type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * The named fields of a row under the API's snake_case names, values untouched: the part of a row→API
 * mapper that only renames, so that the mapper itself spells out just what it computes.
 */
export function apiFields<R extends object, K extends keyof R & string>(
  row: R,
  keys: readonly K[],
): { [P in K as SnakeCase<P>]: R[P] } {
  // The mapped type is what this loop builds; TypeScript cannot follow a key renamed at run time.
  return Object.fromEntries(
    keys.map((key) => [key.replace(/[A-Z]/g, (upper) => `_${upper.toLowerCase()}`), row[key]]),
  ) as { [P in K as SnakeCase<P>]: R[P] };
}
