import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client.ts';
import { keyset, type KeysetPage } from './keyset.ts';

/** A table of one corp's records: an identity id and the corp it belongs to. */
type CorpTable = PgTable & { id: PgColumn; corpId: PgColumn };

/** A table another field comes from, and how its row meets the record's. */
export type InnerJoin = readonly [PgTable, SQL];

/**
 * The chosen `fields` of one record of a corp by its id; undefined when the corp has no such record. `joins`
 * are the tables other fields come from, in order; inner joins only, which leave every field as chosen.
 */
export async function findInCorp<F extends SelectedFields>(
  ex: Db | Tx,
  table: CorpTable,
  fields: F,
  corpId: number,
  id: number,
  ...joins: InnerJoin[]
): Promise<SelectResultFields<F> | undefined> {
  const from: PgSelect = ex
    .select(fields as SelectedFields)
    .from(table)
    .$dynamic();
  const [row] = await joins
    .reduce((query, [joined, on]) => query.innerJoin(joined, on), from)
    .where(and(eq(table.corpId, corpId), eq(table.id, id)))
    .limit(1);
  // drizzle's select types do not follow a generic selection; a select from one table returns it as chosen.
  return row as SelectResultFields<F> | undefined;
}

/**
 * The chosen `fields` of one record of a corp, locked until the transaction ends: for a change that reads the
 * record before it writes it. `where` narrows it further (a live record only); undefined when none matches.
 */
export async function lockInCorp<F extends SelectedFields>(
  tx: Tx,
  table: CorpTable,
  fields: F,
  corpId: number,
  id: number,
  ...where: (SQL | undefined)[]
): Promise<SelectResultFields<F> | undefined> {
  const [row] = await tx
    .select(fields as SelectedFields)
    .from(table)
    .where(and(eq(table.corpId, corpId), eq(table.id, id), ...where))
    .for('update');
  // drizzle's select types do not follow a generic selection; a select from one table returns it as chosen.
  return row as SelectResultFields<F> | undefined;
}

/** One column of a corp's records by their ids (each id read once; none asked, none read), as a map from id. */
export async function columnById<C extends PgColumn>(
  ex: Db | Tx,
  table: CorpTable,
  column: C,
  corpId: number,
  ids: readonly number[],
): Promise<Map<number, SelectResultFields<{ value: C }>['value']>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: table.id, value: column })
    .from(table)
    .where(and(eq(table.corpId, corpId), inArray(table.id, [...new Set(ids)])));
  // drizzle's select types do not follow a generic table; the id is the table's integer identity.
  return new Map(rows.map((row) => [row.id as number, row.value as SelectResultFields<{ value: C }>['value']]));
}

/** One keyset page of a corp's records with the chosen `fields`, newest first. */
export async function pageInCorp<F extends SelectedFields>(
  ex: Db | Tx,
  table: CorpTable,
  fields: F,
  corpId: number,
  page: KeysetPage,
): Promise<SelectResultFields<F>[]> {
  const rows = await keyset(page, table.id, (limit, before) =>
    ex
      .select(fields as SelectedFields)
      .from(table)
      .where(and(eq(table.corpId, corpId), before))
      .orderBy(desc(table.id))
      .limit(limit),
  );
  // drizzle's select types do not follow a generic selection; a select from one table returns it as chosen.
  return rows as SelectResultFields<F>[];
}
