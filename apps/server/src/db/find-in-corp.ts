import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from './client.ts';

/** A table of one corp's records: an identity id and the corp it belongs to. */
type CorpTable = PgTable & { id: PgColumn; corpId: PgColumn };

/** The chosen `fields` of one record of a corp by its id; undefined when the corp has no such record. */
export async function findInCorp<F extends SelectedFields>(
  ex: Db | Tx,
  table: CorpTable,
  fields: F,
  corpId: number,
  id: number,
): Promise<SelectResultFields<F> | undefined> {
  const [row] = await ex
    .select(fields as SelectedFields)
    .from(table)
    .where(and(eq(table.corpId, corpId), eq(table.id, id)))
    .limit(1);
  // drizzle's select types do not follow a generic selection; a select from one table returns it as chosen.
  return row as SelectResultFields<F> | undefined;
}
