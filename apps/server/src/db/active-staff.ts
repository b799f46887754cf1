import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client.ts';
import { staff } from './schema/staff.ts';

/**
 * The corp's active staff that `where` also picks, in id order (at most `limit` of them): the people a case,
 * a task or a client may be handed to. `fields` chooses the columns.
 */
export async function activeStaff<F extends SelectedFields>(
  db: Db,
  corpId: number,
  fields: F,
  { where = [], limit }: { where?: (SQL | undefined)[]; limit?: number } = {},
): Promise<SelectResultFields<F>[]> {
  const query = db
    .select(fields as SelectedFields)
    .from(staff)
    .where(and(eq(staff.corpId, corpId), eq(staff.isActive, true), ...where))
    .orderBy(asc(staff.id))
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  // drizzle's select types do not follow a generic selection; a select from one table returns it as chosen.
  return rows as SelectResultFields<F>[];
}
