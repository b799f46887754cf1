import { and, desc, eq, getTableColumns, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/*
 * The three questions a repository asks of one table under a condition of its own: the first matching row,
 * whether any row matches, how many do. The condition is the caller's whole filter, the corp included
 * (STYLE.md: corp_id first); a few questions span every corp on purpose (is this phone anyone's login).
 */

/** The first row of `table` that `where` matches, every column; undefined when none does. */
export async function firstWhere<T extends PgTable>(
  ex: Db | Tx,
  table: T,
  where: SQL | undefined,
): Promise<T['$inferSelect'] | undefined> {
  // drizzle's from() does not take a generic table; as a plain table its whole row is the table's row.
  const source: PgTable = table;
  const [row] = await ex.select().from(source).where(where).limit(1);
  return row;
}

/** The newest `limit` rows of `table` that `where` matches (highest id first), every column. */
export async function newestWhere<T extends PgTable & { id: PgColumn }>(
  ex: Db | Tx,
  table: T,
  where: SQL | undefined,
  limit: number,
): Promise<T['$inferSelect'][]> {
  // As in firstWhere: drizzle's from() does not take a generic table; its whole row is the table's row.
  const source: PgTable = table;
  return ex.select().from(source).where(where).orderBy(desc(table.id)).limit(limit);
}

/** Whether any row of `table` matches `where` (one row read at the most). */
export async function anyWhere(ex: Db | Tx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const [row] = await ex
    .select({ one: sql<number>`1` })
    .from(table)
    .where(where)
    .limit(1);
  return row !== undefined;
}

/** How many rows of `table` match `where`. */
export async function countWhere(ex: Db | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(row?.n ?? 0);
}

/**
 * "Every named column holds its value" for a row of `table`, in the order given: `{ corpId, id }` reads
 * `corp_id = $1 and id = $2`. A value left undefined is no condition (an optional filter); null reads IS NULL
 * (`= null` would match nothing, which no caller means).
 */
export function columnsEqual<T extends PgTable>(
  table: T,
  values: { [K in keyof T['$inferSelect']]?: T['$inferSelect'][K] | undefined },
): SQL | undefined {
  const columns = getTableColumns(table);
  return and(
    ...Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => (value === null ? isNull(columns[key]!) : eq(columns[key]!, value))),
  );
}

/**
 * Rows where any of `columns` contains `text`, ignoring case, with `%` and `_` in it matching themselves (a search
 * box's words, not a pattern); no condition when `text` is empty.
 */
export function anyContains(text: string | null | undefined, ...columns: PgColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * The named columns of `table` under their own names, for a select list: `columnsOf(appeals, ['id', 'status'])`
 * is `{ id: appeals.id, status: appeals.status }`. Columns of joined tables, renamed, are still spelled out.
 */
export function columnsOf<T extends PgTable, K extends keyof T['_']['columns'] & string>(
  table: T,
  keys: readonly K[],
): Pick<T['_']['columns'], NoInfer<K>> {
  // NoInfer: inside a select, the fields' contextual type would otherwise widen K to every column.
  const columns = getTableColumns(table);
  // The picked entries are exactly Pick<…, K>; TypeScript cannot follow keys chosen at run time.
  return Object.fromEntries(keys.map((key) => [key, columns[key]])) as Pick<T['_']['columns'], K>;
}
