import type { SQLWrapper } from 'drizzle-orm';

/**
 * A value a query fragment takes either now or when a prepared statement runs: `sql.placeholder(name)` in
 * place of the value builds the fragment once, for a statement prepared by name (decision 060).
 */
export type Bound<T> = T | SQLWrapper;
