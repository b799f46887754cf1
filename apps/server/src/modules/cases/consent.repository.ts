import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { lockInCorp } from '../../db/find-in-corp.ts';
import { caseConsents, clients } from '../../db/schema/cases.ts';
import { companies, staff } from '../../db/schema/staff.ts';

export type ConsentRow = typeof caseConsents.$inferSelect;
type Executor = Db | Tx;

/** Whether the case has a consent in force (decision 073): what every move past intake and signing ask. */
export async function hasConsent(ex: Executor, corpId: number, clientId: number): Promise<boolean> {
  const [row] = await ex
    .select({ id: caseConsents.id })
    .from(caseConsents)
    .where(and(eq(caseConsents.corpId, corpId), eq(caseConsents.clientId, clientId), eq(caseConsents.status, 'given')))
    .limit(1);
  return row !== undefined;
}

/** Whether the case's last consent was withdrawn (the refusal then says so). */
export async function wasWithdrawn(ex: Executor, corpId: number, clientId: number): Promise<boolean> {
  const [row] = await ex
    .select({ status: caseConsents.status })
    .from(caseConsents)
    .where(
      and(
        eq(caseConsents.corpId, corpId),
        eq(caseConsents.clientId, clientId),
        inArray(caseConsents.status, ['given', 'withdrawn']),
      ),
    )
    .orderBy(desc(caseConsents.id))
    .limit(1);
  return row?.status === 'withdrawn';
}

/** Which of these cases have a consent in force (the case list's marker). */
export async function consentedOf(ex: Executor, corpId: number, clientIds: number[]): Promise<Set<number>> {
  if (clientIds.length === 0) return new Set();
  const rows = await ex
    .select({ clientId: caseConsents.clientId })
    .from(caseConsents)
    .where(
      and(eq(caseConsents.corpId, corpId), inArray(caseConsents.clientId, clientIds), eq(caseConsents.status, 'given')),
    );
  return new Set(rows.map((row) => row.clientId));
}

export function createConsentRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** Locks the case row: a consent's change and a status move of the case are taken one at a time. */
    lockCase: (tx: Tx, corpId: number, id: number) =>
      lockInCorp(tx, clients, { id: clients.id, status: clients.status }, corpId, id, isNull(clients.deletedAt)),

    /** The newest rows of a case (the one in force, a waiting link, the last withdrawal are among them). */
    recent: (corpId: number, clientId: number, ex: Executor = db) =>
      ex
        .select()
        .from(caseConsents)
        .where(and(eq(caseConsents.corpId, corpId), eq(caseConsents.clientId, clientId)))
        .orderBy(desc(caseConsents.id))
        .limit(20),

    async insert(tx: Tx, values: typeof caseConsents.$inferInsert): Promise<ConsentRow> {
      const [row] = await tx.insert(caseConsents).values(values).returning();
      if (!row) throw new Error('consent not inserted');
      return row;
    },

    /** A waiting link of the case stops working (a new one replaces it, or consent arrived another way). */
    cancelRequested: (tx: Tx, corpId: number, clientId: number) =>
      tx
        .update(caseConsents)
        .set({ status: 'cancelled', linkTokenHash: null, linkExpiresAt: null })
        .where(
          and(
            eq(caseConsents.corpId, corpId),
            eq(caseConsents.clientId, clientId),
            eq(caseConsents.status, 'requested'),
          ),
        ),

    /** The waiting request a link's token opens, with the case's client as the link shows them. */
    async findByLink(tokenHash: string) {
      const [row] = await db
        .select({ consent: caseConsents, name: clients.name, phone: clients.phone, companyName: companies.name })
        .from(caseConsents)
        .innerJoin(clients, and(eq(clients.corpId, caseConsents.corpId), eq(clients.id, caseConsents.clientId)))
        .innerJoin(companies, eq(companies.id, caseConsents.corpId))
        .where(and(eq(caseConsents.linkTokenHash, tokenHash), isNull(clients.deletedAt)))
        .limit(1);
      return row;
    },

    /** The waiting request turns into the consent in force; undefined when it no longer waits. */
    async markGiven(tx: Tx, row: ConsentRow, values: { givenAt: Date; ip: string; userAgent: string }) {
      const [given] = await tx
        .update(caseConsents)
        .set({ ...values, status: 'given', linkTokenHash: null, linkExpiresAt: null })
        .where(
          and(eq(caseConsents.corpId, row.corpId), eq(caseConsents.id, row.id), eq(caseConsents.status, 'requested')),
        )
        .returning();
      return given;
    },

    /** The consent in force is withdrawn; undefined when there was none. */
    async withdraw(
      tx: Tx,
      corpId: number,
      clientId: number,
      values: { withdrawnAt: Date; withdrawnBy: number; withdrawReason: string },
    ) {
      const [row] = await tx
        .update(caseConsents)
        .set({ ...values, status: 'withdrawn' })
        .where(
          and(eq(caseConsents.corpId, corpId), eq(caseConsents.clientId, clientId), eq(caseConsents.status, 'given')),
        )
        .returning();
      return row;
    },

    async staffNames(corpId: number, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: staff.id, name: staff.name })
        .from(staff)
        .where(and(eq(staff.corpId, corpId), inArray(staff.id, ids)));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type ConsentRepository = ReturnType<typeof createConsentRepository>;
