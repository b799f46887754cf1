import { and, asc, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { columnById, findInCorp } from '../../db/find-in-corp.ts';
import { columnsEqual, countWhere, firstWhere } from '../../db/rows-where.ts';
import { keyset, type KeysetPage } from '../../db/keyset.ts';
import { staff } from '../../db/schema/staff.ts';
import { moneyImages, moneyRecords, proofImages, proofRejections, proofs } from '../../db/schema/money.ts';
import { enqueueReminder, reminderCards } from '../reminders/index.ts';
import { caseContacts, teamCaseIds } from '../cases/index.ts';
import type { Bound } from '../../db/bound.ts';

export type MoneyRow = typeof moneyRecords.$inferSelect;
export type ProofRow = typeof proofs.$inferSelect;

/**
 * The repayments a leader is to confirm: pending, in the cases of their team, recorded by someone else (the
 * recorder never confirms their own, decision 020). One condition for the list and its badge.
 */
export const toConfirmCondition = (
  corpId: Bound<number>,
  teamId: Bound<number>,
  leaderId: Bound<number>,
): SQL | undefined =>
  and(
    eq(moneyRecords.corpId, corpId),
    sql`${moneyRecords.status} = 'pending'`,
    ne(moneyRecords.createdBy, leaderId),
    sql`${moneyRecords.clientId} in ${teamCaseIds(corpId, teamId)}`,
  );

/**
 * SQL of repayments, proofs and their images. Every function takes the company first and filters by it:
 * an id from another company finds nothing.
 */
export function createMoneyRepository(db: Db) {
  const staffName = (id: number, executor: Db | Tx = db) =>
    executor.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, id));
  /** A proof has one open rejection at the most; a resubmission or a deletion closes it. */
  const resolveRejection = (tx: Tx, corpId: number, proofId: number, at: Date) =>
    tx
      .update(proofRejections)
      .set({ resolvedAt: at })
      .where(
        and(
          eq(proofRejections.corpId, corpId),
          eq(proofRejections.proofId, proofId),
          isNull(proofRejections.resolvedAt),
        ),
      );

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    staffNames: (corpId: number, ids: number[]): Promise<Map<number, string>> =>
      columnById(db, staff, staff.name, corpId, ids),
    staffName,

    // ---- money

    findMoneyByKey: (corpId: number, key: string): Promise<MoneyRow | undefined> =>
      firstWhere(db, moneyRecords, and(eq(moneyRecords.corpId, corpId), eq(moneyRecords.idempotencyKey, key))),

    /** Inserts unless the key was used; on a conflict answers undefined and writes nothing. */
    async insertMoney(tx: Tx, row: typeof moneyRecords.$inferInsert): Promise<MoneyRow | undefined> {
      const [inserted] = await tx
        .insert(moneyRecords)
        .values(row)
        .onConflictDoNothing({ target: [moneyRecords.corpId, moneyRecords.idempotencyKey] })
        .returning();
      return inserted;
    },

    async insertMoneyImages(tx: Tx, corpId: number, moneyId: number, fileIds: number[]) {
      if (fileIds.length === 0) return;
      await tx.insert(moneyImages).values(fileIds.map((fileId, position) => ({ corpId, moneyId, fileId, position })));
    },

    findMoney: (corpId: number, id: number): Promise<MoneyRow | undefined> =>
      findInCorp(db, moneyRecords, getTableColumns(moneyRecords), corpId, id),

    /** Newest first, keyset-paged on (corp_id, client_id, id): a page costs the same however long the list. */
    async listMoney(corpId: number, clientId: number, page: KeysetPage): Promise<MoneyRow[]> {
      return keyset(page, moneyRecords.id, (limit, before) =>
        db
          .select()
          .from(moneyRecords)
          .where(and(eq(moneyRecords.corpId, corpId), eq(moneyRecords.clientId, clientId), before))
          .orderBy(desc(moneyRecords.id))
          .limit(limit),
      );
    },

    async confirmedTotal(corpId: number, clientId: number): Promise<number> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${moneyRecords.amountFen}), 0)::text` })
        .from(moneyRecords)
        .where(
          and(
            eq(moneyRecords.corpId, corpId),
            eq(moneyRecords.clientId, clientId),
            eq(moneyRecords.status, 'confirmed'),
          ),
        );
      return Number(row?.total ?? 0);
    },

    async moneyImageFiles(corpId: number, moneyIds: number[]) {
      if (moneyIds.length === 0) return [];
      return db
        .select({ moneyId: moneyImages.moneyId, fileId: moneyImages.fileId })
        .from(moneyImages)
        .where(and(eq(moneyImages.corpId, corpId), inArray(moneyImages.moneyId, moneyIds)))
        .orderBy(asc(moneyImages.moneyId), asc(moneyImages.position));
    },

    /** pending → confirmed, only once: a second confirm (or a racing one) changes nothing. */
    async confirmMoney(corpId: number, id: number, by: number, at: Date): Promise<MoneyRow | undefined> {
      const [row] = await db
        .update(moneyRecords)
        .set({ status: 'confirmed', confirmedBy: by, confirmedAt: at })
        .where(and(eq(moneyRecords.corpId, corpId), eq(moneyRecords.id, id), eq(moneyRecords.status, 'pending')))
        .returning();
      return row;
    },

    /**
     * Deletes a pending record with its image links; answers the ids of its images nothing else of the
     * case uses any more (for modules/files to forget in the same transaction), or undefined when it was
     * confirmed meanwhile.
     */
    async deletePendingMoney(tx: Tx, corpId: number, id: number) {
      const links = await tx
        .select({ fileId: moneyImages.fileId })
        .from(moneyImages)
        .where(and(eq(moneyImages.corpId, corpId), eq(moneyImages.moneyId, id)));
      const [deleted] = await tx
        .delete(moneyRecords)
        .where(and(eq(moneyRecords.corpId, corpId), eq(moneyRecords.id, id), eq(moneyRecords.status, 'pending')))
        .returning({ id: moneyRecords.id });
      if (!deleted) return undefined;
      const fileIds = links.map((link) => link.fileId);
      if (fileIds.length === 0) return [];
      const [byProofs, byRecords] = await Promise.all([
        tx
          .select({ fileId: proofImages.fileId })
          .from(proofImages)
          .where(and(eq(proofImages.corpId, corpId), inArray(proofImages.fileId, fileIds))),
        tx
          .select({ fileId: moneyImages.fileId })
          .from(moneyImages)
          .where(and(eq(moneyImages.corpId, corpId), inArray(moneyImages.fileId, fileIds))),
      ]);
      const used = new Set([...byProofs, ...byRecords].map((row) => row.fileId));
      return fileIds.filter((fileId) => !used.has(fileId));
    },

    // ---- proofs

    /** Serialises the proof writes of one case until the transaction ends: the cap is counted one at a time. */
    async lockCaseProofs(tx: Tx, corpId: number, clientId: number) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`proofs:${corpId}:${clientId}`}))`);
    },

    countLiveProofs: (corpId: number, clientId: number, executor: Db | Tx = db): Promise<number> =>
      countWhere(
        executor,
        proofs,
        and(eq(proofs.corpId, corpId), eq(proofs.clientId, clientId), isNull(proofs.deletedAt)),
      ),

    async insertProof(tx: Tx, row: typeof proofs.$inferInsert): Promise<ProofRow> {
      const [inserted] = await tx.insert(proofs).values(row).returning();
      if (!inserted) throw new Error('proof not inserted');
      return inserted;
    },

    async insertProofImages(tx: Tx, corpId: number, proofId: number, version: number, fileIds: number[]) {
      await tx
        .insert(proofImages)
        .values(fileIds.map((fileId, position) => ({ corpId, proofId, fileId, version, position })));
    },

    async listLiveProofs(corpId: number, clientId: number): Promise<ProofRow[]> {
      return db
        .select()
        .from(proofs)
        .where(and(eq(proofs.corpId, corpId), eq(proofs.clientId, clientId), isNull(proofs.deletedAt)))
        .orderBy(desc(proofs.id));
    },

    /** Every version's images of these proofs, in order. */
    async proofImageFiles(corpId: number, proofIds: number[]) {
      if (proofIds.length === 0) return [];
      return db
        .select({ proofId: proofImages.proofId, version: proofImages.version, fileId: proofImages.fileId })
        .from(proofImages)
        .where(and(eq(proofImages.corpId, corpId), inArray(proofImages.proofId, proofIds)))
        .orderBy(asc(proofImages.proofId), desc(proofImages.version), asc(proofImages.position));
    },

    async rejectionsOf(corpId: number, proofIds: number[]) {
      if (proofIds.length === 0) return [];
      return db
        .select()
        .from(proofRejections)
        .where(and(eq(proofRejections.corpId, corpId), inArray(proofRejections.proofId, proofIds)))
        .orderBy(desc(proofRejections.id));
    },

    /** submitted → rejected plus the open rejection, in one transaction; undefined when not submitted. */
    async rejectProof(input: {
      corpId: number;
      proofId: number;
      clientId: number;
      ownerId: number;
      clientName: string;
      reason: string;
      by: number;
      at: Date;
    }) {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(proofs)
          .set({ status: 'rejected', updatedAt: input.at })
          .where(
            and(
              eq(proofs.corpId, input.corpId),
              eq(proofs.id, input.proofId),
              eq(proofs.status, 'submitted'),
              isNull(proofs.deletedAt),
            ),
          )
          .returning({ id: proofs.id });
        if (!changed) return undefined;
        const [rejection] = await tx
          .insert(proofRejections)
          .values({
            corpId: input.corpId,
            proofId: input.proofId,
            clientId: input.clientId,
            ownerId: input.ownerId,
            reason: input.reason,
            rejectedBy: input.by,
            createdAt: input.at,
          })
          .returning({ id: proofRejections.id });
        // The case's owner hears of it in WeCom (decision 058), queued with the rejection.
        await enqueueReminder(tx, {
          corpId: input.corpId,
          kind: 'proof-rejected',
          eventKey: String(rejection?.id ?? `${input.proofId}:${input.at.getTime()}`),
          recipientId: input.ownerId,
          card: { ...reminderCards.proofRejected(input.clientName, input.reason), path: '/business/proof' },
          runAt: input.at,
          createdAt: input.at,
        });
        return changed;
      });
    },

    /** rejected → submitted at the next version, closing the open rejection; undefined when it was not rejected. */
    async resubmitProof(tx: Tx, corpId: number, proofId: number, fromVersion: number, at: Date) {
      const [changed] = await tx
        .update(proofs)
        .set({ status: 'submitted', version: fromVersion + 1, updatedAt: at })
        .where(columnsEqual(proofs, { corpId, id: proofId, status: 'rejected', version: fromVersion, deletedAt: null }))
        .returning();
      if (!changed) return undefined;
      await resolveRejection(tx, corpId, proofId, at);
      return changed;
    },

    /** Marks a proof deleted (kept for the audit trail) and closes any open rejection of it. */
    async deleteProof(corpId: number, proofId: number, at: Date) {
      return db.transaction(async (tx) => {
        const [changed] = await tx
          .update(proofs)
          .set({ deletedAt: at, updatedAt: at })
          .where(columnsEqual(proofs, { corpId, id: proofId, deletedAt: null }))
          .returning({ id: proofs.id });
        if (!changed) return undefined;
        await resolveRejection(tx, corpId, proofId, at);
        return changed;
      });
    },

    /** Open rejections of the owner's cases, newest first, keyset-paged on the partial index. */
    async listOpenRejections(corpId: number, ownerId: number, page: KeysetPage) {
      const rows = await keyset(page, proofRejections.id, (limit, before) =>
        db
          .select({
            id: proofRejections.id,
            proofId: proofRejections.proofId,
            clientId: proofRejections.clientId,
            type: proofs.type,
            version: proofs.version,
            reason: proofRejections.reason,
            rejectedBy: proofRejections.rejectedBy,
            createdAt: proofRejections.createdAt,
          })
          .from(proofRejections)
          .innerJoin(proofs, and(eq(proofs.corpId, proofRejections.corpId), eq(proofs.id, proofRejections.proofId)))
          .where(and(columnsEqual(proofRejections, { corpId, ownerId, resolvedAt: null }), before))
          .orderBy(desc(proofRejections.id))
          .limit(limit),
      );
      // The cases' names come from their owner, modules/cases (one query for the page).
      const names = await caseContacts(
        db,
        corpId,
        rows.map((row) => row.clientId),
      );
      return rows.map((row) => ({ ...row, clientName: names.get(row.clientId)?.name ?? '' }));
    },

    /** One keyset page of the leader's repayments to confirm, newest first, with each case's client name. */
    async listToConfirm(who: { corpId: number; teamId: number; leaderId: number }, page: KeysetPage) {
      const rows = await keyset(page, moneyRecords.id, (limit, before) =>
        db
          .select()
          .from(moneyRecords)
          .where(and(toConfirmCondition(who.corpId, who.teamId, who.leaderId), before))
          .orderBy(desc(moneyRecords.id))
          .limit(limit),
      );
      const names = await caseContacts(
        db,
        who.corpId,
        rows.map((row) => row.clientId),
      );
      return rows.map((row) => ({ ...row, clientName: names.get(row.clientId)?.name ?? '' }));
    },
  };
}

export type MoneyRepository = ReturnType<typeof createMoneyRepository>;
