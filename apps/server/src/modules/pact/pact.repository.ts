import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { financePacts } from '../../db/schema/pact.ts';
import { companies, staff } from '../../db/schema/staff.ts';
import { FINANCE_PACTS_PII, sealValues } from '../../pii/fields.ts';

type Executor = Db | Tx;
export type PactValues = typeof financePacts.$inferInsert;
export type PactRecord = typeof financePacts.$inferSelect & { frozenByName: string | null };

/** The company's name (the intermediary party) and a staff member's, from the shared org kernel. */
export async function namesOf(ex: Executor, corpId: number, staffId: number) {
  const [company] = await ex.select({ name: companies.name }).from(companies).where(eq(companies.id, corpId)).limit(1);
  const person = await findInCorp(ex, staff, { name: staff.name }, corpId, staffId);
  return { companyName: company?.name ?? '', staffName: person?.name ?? '' };
}

/**
 * Freezes an agreement unless the case has one: the unique index `finance_pacts_one_per_case` makes the
 * first writer win, also when two first reads (or a read and the approval) race.
 */
export async function insertPactOnce(ex: Executor, values: PactValues) {
  // The borrower's phone and ID number are sealed like the case's own (decision 074).
  await ex
    .insert(financePacts)
    .values(await sealValues(ex, values.corpId, FINANCE_PACTS_PII, values))
    .onConflictDoNothing();
}

export async function findPact(ex: Executor, corpId: number, clientId: number): Promise<PactRecord | undefined> {
  const [row] = await ex
    .select({ pact: financePacts, frozenByName: staff.name })
    .from(financePacts)
    .leftJoin(staff, eq(staff.id, financePacts.frozenBy))
    .where(and(eq(financePacts.corpId, corpId), eq(financePacts.clientId, clientId)))
    .orderBy(financePacts.id)
    .limit(1);
  return row ? { ...row.pact, frozenByName: row.frozenByName } : undefined;
}

export function createPactRepository(db: Db) {
  return {
    findStored: (corpId: number, clientId: number) => findPact(db, corpId, clientId),
    findPact,
    namesOf,
    insertPactOnce,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}
export type PactRepository = ReturnType<typeof createPactRepository>;
