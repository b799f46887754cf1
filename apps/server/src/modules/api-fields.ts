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

/** An API snake_case name as its column's camelCase: `team_id` → `teamId`. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/**
 * The fields a patch form sent, under their columns' camelCase names: a field left out (undefined) is one the
 * caller does not change, so it is not in the result at all. The inverse of apiFields for an update's values.
 */
export function sentFields<F extends object, K extends keyof F & string>(
  form: F,
  keys: readonly K[],
): { [P in K as CamelCase<P>]?: Exclude<F[P], undefined> } {
  // The mapped type is what this loop builds; TypeScript cannot follow a key renamed at run time.
  return Object.fromEntries(
    keys
      .filter((key) => form[key] !== undefined)
      .map((key) => [key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase()), form[key]]),
  ) as { [P in K as CamelCase<P>]?: Exclude<F[P], undefined> };
}
