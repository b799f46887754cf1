import { bigint, integer, jsonb, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { clientRef, clients } from './cases.ts';
import { companyRef, staff } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';
import { sealedText } from '../../pii/column.ts';

/*
 * Financing agreements (融资协议, decision 051): the terms of an instalment case as they stood when it was
 * approved, frozen once. Only modules/pact imports this file.
 */

/** One schedule line, all fen. */
export interface FrozenRow {
  key: number;
  paymentFen: number;
  interestFen: number;
  principalFen: number;
  balanceFen: number;
}

/**
 * An approved case's agreement. Everything a reader sees is copied here (names too): a later edit of the
 * case, its product's price, a bank's name or the calculator's code never changes an approved agreement.
 */
export const financePacts = pgTable(
  'finance_pacts',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    frozenAt: timestamptz().notNull(),
    /** Whose move approved the case (or whose first read froze a case approved before agreements existed). */
    frozenBy: integer(),
    bankName: text().notNull(),
    productName: text().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    termMonths: smallint().notNull(),
    feeType: smallint().notNull(),
    ratePpm: integer().notNull(),
    repaymentMethod: smallint(),
    nominalAnnualPpm: integer().notNull(),
    irrPpm: integer().notNull(),
    totalInterestFen: bigint({ mode: 'number' }).notNull(),
    schedule: jsonb().$type<FrozenRow[]>().notNull(),
    borrowerName: text().notNull(),
    /** Sealed (decision 074), as the case's own; read whole with the agreement, never looked up. */
    borrowerIdNumber: sealedText('finance_pacts.borrower_id_number').notNull(),
    borrowerPhone: sealedText('finance_pacts.borrower_phone').notNull(),
    intermediaryName: text().notNull(),
    agentId: integer(),
    agentName: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('finance_pacts_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('finance_pacts_frozen_by_fk', t.corpId, t.frozenBy, () => staff),
    corpRef('finance_pacts_agent_id_fk', t.corpId, t.agentId, () => staff),
    // Frozen exactly once per case: a second freeze (two first reads at once) inserts nothing.
    uniqueIndex('finance_pacts_one_per_case').on(t.corpId, t.clientId),
  ],
);
