import { and, eq, inArray } from 'drizzle-orm';
import { financePacts } from '../../db/schema/pact.ts';
import type { Tx } from '../../db/client.ts';
import { caseAgreementTerms } from '../cases/index.ts';
import { draftPact } from './pact.draft.ts';
import { insertPactOnce, namesOf } from './pact.repository.ts';

/*
 * The public surface of modules/pact (financing agreements, decision 051): the approval of a case freezes
 * its agreement in the approval's own transaction.
 */

/**
 * Freezes the case's agreement as it stands, in the transaction that approves the case (the case row is
 * locked by then). A case whose product has no price yet is approved all the same; its agreement is frozen
 * at the first read once it can be drawn up (decision 051). Answers whether an agreement was written.
 */
export async function freezeFinancePact(
  tx: Tx,
  freeze: { corpId: number; clientId: number; actorId: number; at: Date },
): Promise<boolean> {
  const terms = await caseAgreementTerms(tx, freeze.corpId, freeze.clientId);
  if (!terms) return false;
  const names = await namesOf(tx, freeze.corpId, terms.ownerId);
  const drawn = draftPact(terms, { companyName: names.companyName, ownerName: names.staffName });
  if ('refusal' in drawn) return false;
  await insertPactOnce(tx, {
    ...drawn.draft,
    corpId: freeze.corpId,
    clientId: freeze.clientId,
    frozenAt: freeze.at,
    frozenBy: freeze.actorId,
  });
  return true;
}

/** A merge (decision 066): the merged case's financing agreement moves to the kept one; null when both have one. */
export async function moveCasePact(tx: Tx, corpId: number, from: number, to: number): Promise<number | null> {
  const both = await tx
    .select({ clientId: financePacts.clientId })
    .from(financePacts)
    .where(and(eq(financePacts.corpId, corpId), inArray(financePacts.clientId, [from, to])));
  if (new Set(both.map((row) => row.clientId)).size === 2) return null;
  const moved = await tx
    .update(financePacts)
    .set({ clientId: to })
    .where(and(eq(financePacts.corpId, corpId), eq(financePacts.clientId, from)))
    .returning({ id: financePacts.id });
  return moved.length;
}
