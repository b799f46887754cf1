import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from './client.ts';
import { staff } from './schema/staff.ts';

/** An append-only event table: an identity id (its order of writing) and the corp it belongs to. */
type EventTable = PgTable & { id: PgColumn; corpId: PgColumn };

/**
 * A record's history, oldest first: the events of one corp that `scope` picks, each joined to the staff
 * member behind it (`actorId`, the event table's column naming who acted). `fields` chooses the columns
 * from the event table and from that staff row.
 */
export async function eventHistory<F extends SelectedFields>(
  db: Db,
  events: EventTable,
  actorId: PgColumn,
  fields: (actor: typeof staff) => F,
  corpId: number,
  scope: SQL,
): Promise<SelectResultFields<F>[]> {
  const rows = await db
    .select(fields(staff) as SelectedFields)
    .from(events)
    .innerJoin(staff, eq(staff.id, actorId))
    .where(and(eq(events.corpId, corpId), scope))
    .orderBy(asc(events.id));
  // drizzle's join types do not follow a generic selection; an inner join leaves every field as selected.
  return rows as SelectResultFields<F>[];
}
