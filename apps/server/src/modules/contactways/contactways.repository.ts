import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactWayCustomers, contactWays } from '../../db/schema/contactways.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import { recordAudit } from '../admin/index.ts';
import { phonesWithCases } from '../cases/index.ts';
import { filingMobiles, openSourcedFiling } from '../chatter/index.ts';
import { enqueueReminder, type ContactAddEvent } from '../reminders/index.ts';

export type ContactWayRow = typeof contactWays.$inferSelect & { staffName: string; customers: number };
export type ContactWayKind = (typeof contactWays.$inferSelect)['kind'];

/** A list's length at most: a company's QRs are made by hand, a few per channel and activity. */
export const LIST_LIMIT = 500;

const audited = (row: { name: string; kind: string; state: string; staffId: number; isActive: boolean }) => ({
  name: row.name,
  kind: row.kind,
  state: row.state,
  staff_id: row.staffId,
  is_active: row.isActive,
});

export function createContactWaysRepository(db: Db) {
  const customersOf = db
    .select({ wayId: contactWayCustomers.contactWayId, n: count().as('n') })
    .from(contactWayCustomers)
    .groupBy(contactWayCustomers.contactWayId)
    .as('customers_of');

  const listQuery = (corpId: number) =>
    db
      .select({
        way: contactWays,
        staffName: staff.name,
        customers: customersOf.n,
      })
      .from(contactWays)
      .innerJoin(staff, eq(staff.id, contactWays.staffId))
      .leftJoin(customersOf, eq(customersOf.wayId, contactWays.id))
      .where(eq(contactWays.corpId, corpId))
      .$dynamic();

  const rowOf = (r: { way: typeof contactWays.$inferSelect; staffName: string; customers: number | null }) => ({
    ...r.way,
    staffName: r.staffName,
    customers: Number(r.customers ?? 0),
  });

  return {
    /** The company's QRs (or one member's), newest first. */
    async list(corpId: number, staffId: number | null): Promise<ContactWayRow[]> {
      const q = listQuery(corpId);
      const rows = await (
        staffId === null ? q : q.where(and(eq(contactWays.corpId, corpId), eq(contactWays.staffId, staffId)))
      )
        .orderBy(desc(contactWays.id))
        .limit(LIST_LIMIT);
      return rows.map(rowOf);
    },

    async find(corpId: number, id: number): Promise<ContactWayRow | undefined> {
      const [row] = await listQuery(corpId)
        .where(and(eq(contactWays.corpId, corpId), eq(contactWays.id, id)))
        .limit(1);
      return row ? rowOf(row) : undefined;
    },

    async byState(corpId: number, state: string) {
      const [row] = await db
        .select()
        .from(contactWays)
        .where(and(eq(contactWays.corpId, corpId), eq(contactWays.state, state)))
        .limit(1);
      return row;
    },

    async companyExists(corpId: number): Promise<boolean> {
      const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, corpId)).limit(1);
      return row !== undefined;
    },

    /** The company's active members, for the admin's form; `bound`: WeCom userid known. */
    async members(corpId: number) {
      return db
        .select({ id: staff.id, name: staff.name, wxworkId: staff.wxworkId })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.isActive, true)))
        .orderBy(asc(staff.id))
        .limit(LIST_LIMIT);
    },

    async member(corpId: number, staffId: number) {
      const [row] = await db
        .select({ id: staff.id, name: staff.name, wxworkId: staff.wxworkId, isActive: staff.isActive })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.id, staffId)))
        .limit(1);
      return row;
    },

    async memberByWxworkId(corpId: number, wxworkId: string) {
      const [row] = await db
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), eq(staff.wxworkId, wxworkId)))
        .limit(1);
      return row;
    },

    async insert(values: Omit<typeof contactWays.$inferInsert, 'id' | 'isActive' | 'disabledAt'>): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(contactWays).values(values).returning();
        if (!row) throw new Error('contact way insert answered no row');
        await recordAudit(tx, {
          corpId: values.corpId,
          actorId: values.createdBy,
          action: 'contact_way.add',
          entity: 'contact_way',
          entityId: row.id,
          before: null,
          after: audited(row),
          at: values.createdAt,
        });
        return row.id;
      });
    },

    /** Marks an active QR disabled; false when it was disabled already (also by a concurrent call). */
    async disable(corpId: number, actorId: number, id: number, at: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(contactWays)
          .set({ isActive: false, disabledAt: at })
          .where(and(eq(contactWays.corpId, corpId), eq(contactWays.id, id), eq(contactWays.isActive, true)))
          .returning();
        if (!row) return false;
        await recordAudit(tx, {
          corpId,
          actorId,
          action: 'contact_way.disable',
          entity: 'contact_way',
          entityId: id,
          before: audited({ ...row, isActive: true }),
          after: audited(row),
          at,
        });
        return true;
      });
    },

    /** Queues an add event WeCom called back with; false when the same event was queued already (a replay). */
    enqueueAdd: (corpId: number, event: ContactAddEvent, at: Date) =>
      db.transaction((tx) =>
        enqueueReminder(tx, {
          corpId,
          kind: 'contact-way-add',
          eventKey: `${event.userId}:${event.externalUserId}:${event.createTime}`,
          recipientId: null,
          card: { title: '', description: '', path: '' },
          contactAdd: event,
          runAt: at,
          createdAt: at,
        }),
      ),

    /**
     * Tags the customer with the QR's source and opens (or tags) their customer file, in one transaction; false
     * when the customer had a source already (the first QR they came through keeps them).
     */
    async recordAdd(values: {
      corpId: number;
      contactWayId: number;
      externalUserid: string;
      staffId: number;
      name: string;
      source: string;
      addedAt: Date;
      at: Date;
    }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const filingId = await openSourcedFiling(tx, {
          corpId: values.corpId,
          externalUserid: values.externalUserid,
          staffId: values.staffId,
          name: values.name,
          source: values.source,
          at: values.at,
        });
        const rows = await tx
          .insert(contactWayCustomers)
          .values({
            corpId: values.corpId,
            contactWayId: values.contactWayId,
            externalUserid: values.externalUserid,
            staffId: values.staffId,
            filingId,
            addedAt: values.addedAt,
            createdAt: values.at,
          })
          .onConflictDoNothing({ target: [contactWayCustomers.corpId, contactWayCustomers.externalUserid] })
          .returning({ id: contactWayCustomers.id });
        return rows.length > 0;
      });
    },

    /** Per QR: its customers, and how many of their files name a phone a case was made for. */
    async stats(corpId: number) {
      const ways = await db
        .select({ id: contactWays.id, name: contactWays.name, kind: contactWays.kind, isActive: contactWays.isActive })
        .from(contactWays)
        .where(eq(contactWays.corpId, corpId))
        .orderBy(desc(contactWays.id))
        .limit(LIST_LIMIT);
      const customers = await db
        .select({ wayId: contactWayCustomers.contactWayId, filingId: contactWayCustomers.filingId })
        .from(contactWayCustomers)
        .where(eq(contactWayCustomers.corpId, corpId));
      const mobiles = await filingMobiles(
        db,
        corpId,
        customers.flatMap((c) => (c.filingId === null ? [] : [c.filingId])),
      );
      const withCases = await phonesWithCases(db, corpId, [...new Set([...mobiles.values()].filter(Boolean))]);
      const byWay = new Map<number, { customers: number; cases: number }>();
      for (const c of customers) {
        const n = byWay.get(c.wayId) ?? { customers: 0, cases: 0 };
        n.customers += 1;
        const mobile = c.filingId === null ? '' : (mobiles.get(c.filingId) ?? '');
        if (mobile !== '' && withCases.has(mobile)) n.cases += 1;
        byWay.set(c.wayId, n);
      }
      return ways.map((way) => ({ ...way, ...(byWay.get(way.id) ?? { customers: 0, cases: 0 }) }));
    },
  };
}

export type ContactWaysRepository = ReturnType<typeof createContactWaysRepository>;
