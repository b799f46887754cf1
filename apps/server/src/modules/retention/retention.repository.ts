import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/staff.ts';

/*
 * Retention's own reads (decision 071): the companies and their retention settings. Every table it purges or
 * erases belongs to another module and is reached through that module's index.ts.
 */

export type RetentionTx = Tx;

const settings = {
  id: companies.id,
  logRetentionMonths: companies.logRetentionMonths,
  closedCaseRetentionYears: companies.closedCaseRetentionYears,
};

export function createRetentionRepository(db: Db) {
  return {
    db,
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
    /** Every company with its retention settings, the sweep's list. */
    companies: () => db.select(settings).from(companies).orderBy(asc(companies.id)),
    /** One company's retention settings. */
    company: async (corpId: number, ex: Db | Tx = db) =>
      (await ex.select(settings).from(companies).where(eq(companies.id, corpId)))[0],
  };
}

export type RetentionRepository = ReturnType<typeof createRetentionRepository>;
