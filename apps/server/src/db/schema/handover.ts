import { boolean, index, integer, jsonb, pgTable, smallint, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * Staff handovers (modules/handover, decision 066): who was handed over to whom by which admin, what moved
 * per kind, what could not and why, and the WeCom external-contact transfer with each contact's state. The
 * report (XLSX) is made from this row; WeCom's polling updates `wecom`.
 */

/** One handover. `to_id` null: the cases went to the pool and the rest stayed (listed in `unmoved`). */
export const staffHandovers = pgTable(
  'staff_handovers',
  {
    id: identity(),
    corpId: companyRef(),
    fromId: staffRef(),
    toId: integer(),
    toPool: boolean().notNull(),
    disabled: boolean().notNull(),
    actorId: staffRef(),
    signedOut: smallint().notNull().default(0),
    /** Counts per kind (HANDOVER_KINDS of packages/domain/src/api/handover.ts). */
    moved: jsonb().$type<Record<string, number>>().notNull(),
    unmoved: jsonb().$type<{ kind: string; name: string; reason: string }[]>().notNull(),
    wecom: jsonb()
      .$type<{
        mode: 'employed' | 'resigned' | 'none';
        handoverUserid: string;
        takeoverUserid: string;
        contacts: { externalUserid: string; errcode: number; status: number }[];
      }>()
      .notNull(),
    createdAt: timestamptzNow(),
    /** When WeCom's transfer result was last asked. */
    checkedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('staff_handovers_from_id_fk', t.corpId, t.fromId, () => staff),
    corpRef('staff_handovers_to_id_fk', t.corpId, t.toId, () => staff),
    corpRef('staff_handovers_actor_id_fk', t.corpId, t.actorId, () => staff),
    index().on(t.corpId, t.id),
    index().on(t.corpId, t.fromId),
  ],
);
