/**
 * Whether a PostgreSQL unique violation (23505) surfaced, through drizzle's wrapping, from either driver:
 * a "one open X per Y" index turning down the loser of a race. Services map it to the answer a sequential
 * duplicate gets.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
