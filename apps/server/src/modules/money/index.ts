import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { moneyRecords, proofRejections, proofs } from '../../db/schema/money.ts';
import { toConfirmCondition } from './money.repository.ts';
import type { Bound } from '../../db/bound.ts';

/*
 * The public surface of modules/money: a case's repayments and proofs as other modules (the access
 * policy, the home badges) may see them. Each function takes the executor and the company first.
 */

type Executor = Db | Tx;

/** A repayment record (its policy is its case's: the access module looks the case up by `clientId`). */
export const findMoneyRecord = (ex: Executor, corpId: number, id: number) =>
  findInCorp(ex, moneyRecords, getTableColumns(moneyRecords), corpId, id);

/** A proof not deleted (its policy is its case's). */
export async function findLiveProof(ex: Executor, corpId: number, id: number) {
  const [row] = await ex
    .select()
    .from(proofs)
    .where(and(eq(proofs.corpId, corpId), eq(proofs.id, id), isNull(proofs.deletedAt)))
    .limit(1);
  return row;
}

/** Home badge: open rejections of the proofs of the person's cases (a scalar subquery). */
export const openProofRejectionsBadge = (corpId: Bound<number>, ownerId: Bound<number>) =>
  sql`(select count(*)::int from ${proofRejections} where ${and(eq(proofRejections.corpId, corpId), eq(proofRejections.ownerId, ownerId), isNull(proofRejections.resolvedAt))})`;

/** Home badge: the leader's repayments to confirm (a scalar subquery). */
export const toConfirmBadge = (corpId: Bound<number>, teamId: Bound<number>, leaderId: Bound<number>) =>
  sql`(select count(*)::int from ${moneyRecords} where ${toConfirmCondition(corpId, teamId, leaderId)})`;

/**
 * A staff handover (decision 066): the repayments still to confirm on the cases that moved (they stay with
 * their case; the new owner's leader confirms them), and the open proof rejections of those cases, which the
 * new owner now answers by re-uploading.
 */
export async function handOverCaseMoney(tx: Tx, corpId: number, caseIds: number[], toId: number | null) {
  if (caseIds.length === 0) return { repayments: 0, rejections: 0 };
  const pending = await tx
    .select({ id: moneyRecords.id })
    .from(moneyRecords)
    .where(
      and(eq(moneyRecords.corpId, corpId), inArray(moneyRecords.clientId, caseIds), eq(moneyRecords.status, 'pending')),
    );
  const open = and(
    eq(proofRejections.corpId, corpId),
    inArray(proofRejections.clientId, caseIds),
    isNull(proofRejections.resolvedAt),
  );
  const rejections =
    toId === null
      ? await tx.select({ id: proofRejections.id }).from(proofRejections).where(open)
      : await tx.update(proofRejections).set({ ownerId: toId }).where(open).returning({ id: proofRejections.id });
  return { repayments: pending.length, rejections: rejections.length };
}

/** A merge (decision 066): the merged case's repayments, proofs and their rejections now belong to the kept one. */
export async function moveCaseMoney(tx: Tx, corpId: number, from: number, to: number) {
  const records = await tx
    .update(moneyRecords)
    .set({ clientId: to })
    .where(and(eq(moneyRecords.corpId, corpId), eq(moneyRecords.clientId, from)))
    .returning({ id: moneyRecords.id });
  const moved = await tx
    .update(proofs)
    .set({ clientId: to })
    .where(and(eq(proofs.corpId, corpId), eq(proofs.clientId, from)))
    .returning({ id: proofs.id });
  await tx
    .update(proofRejections)
    .set({ clientId: to })
    .where(and(eq(proofRejections.corpId, corpId), eq(proofRejections.clientId, from)));
  return { repayments: records.length, proofs: moved.length };
}
