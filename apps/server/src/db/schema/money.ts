import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { clientRef, clients } from './cases.ts';
import { files } from './files.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * Repayment records and their proof images (modules/money). Every table carries corp_id and leads its
 * indexes with it; a case's rows are reached through (corp_id, client_id). Only modules/money imports this file.
 */

/** A repayment the client made, in integer fen. Frozen once confirmed. */
export const moneyRecords = pgTable(
  'money_records',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    /** Repayment method of spec §9: 1 credit card, 2 debit card, 3 cash, 4 credit card plus cash. */
    method: smallint().notNull(),
    cardLast4: text(),
    note: text().notNull().default(''),
    status: text({ enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    createdBy: staffRef(),
    confirmedBy: integer(),
    confirmedAt: timestamptz(),
    /** The client's idempotency key (a UUID made when the form opens): a retry records once. */
    idempotencyKey: text().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('money_records_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('money_records_created_by_fk', t.corpId, t.createdBy, () => staff),
    corpRef('money_records_confirmed_by_fk', t.corpId, t.confirmedBy, () => staff),
    uniqueIndex().on(t.corpId, t.idempotencyKey),
    index().on(t.corpId, t.clientId, t.id),
  ],
);

export const moneyImages = pgTable(
  'money_images',
  {
    corpId: companyRef(),
    moneyId: integer().notNull(),
    fileId: integer().notNull(),
    position: smallint().notNull(),
  },
  (t) => [
    corpRef('money_images_money_id_fk', t.corpId, t.moneyId, () => moneyRecords).onDelete('cascade'),
    corpRef('money_images_file_id_fk', t.corpId, t.fileId, () => files),
    // Its key (it had none, only this unique index): Citus moves a shard by logical replication, which needs one.
    primaryKey({ columns: [t.corpId, t.moneyId, t.fileId] }),
    index().on(t.corpId, t.fileId),
  ],
);

/** A proof (bill, invoice, contract …) of a case, of one of the 12 types of spec §9. */
export const proofs = pgTable(
  'proofs',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    type: smallint().notNull(),
    status: text({ enum: ['submitted', 'rejected'] })
      .notNull()
      .default('submitted'),
    /** Bumped by every re-upload; proof_images keeps each version's images. */
    version: integer().notNull().default(1),
    createdBy: staffRef(),
    createdAt: timestamptzNow(),
    updatedAt: timestamptzNow(),
    /** Deleted proofs stay for the audit trail, with their images; lists leave them out. */
    deletedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('proofs_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('proofs_created_by_fk', t.corpId, t.createdBy, () => staff),
    index()
      .on(t.corpId, t.clientId, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** The images of each version of a proof: a re-upload adds a version and never deletes the old one. */
export const proofImages = pgTable(
  'proof_images',
  {
    id: identity(),
    corpId: companyRef(),
    proofId: integer().notNull(),
    fileId: integer().notNull(),
    version: integer().notNull(),
    position: smallint().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('proof_images_proof_id_fk', t.corpId, t.proofId, () => proofs),
    corpRef('proof_images_file_id_fk', t.corpId, t.fileId, () => files),
    uniqueIndex().on(t.corpId, t.proofId, t.version, t.fileId),
    index().on(t.corpId, t.fileId),
  ],
);

/**
 * A rejection of a proof with its reason. Open until the owner re-uploads; `ownerId` (the case owner at
 * the time) is what the home badge and the rejection list filter on.
 */
export const proofRejections = pgTable(
  'proof_rejections',
  {
    id: identity(),
    corpId: companyRef(),
    proofId: integer().notNull(),
    clientId: clientRef(),
    ownerId: staffRef(),
    reason: text().notNull(),
    rejectedBy: staffRef(),
    createdAt: timestamptzNow(),
    resolvedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('proof_rejections_proof_id_fk', t.corpId, t.proofId, () => proofs),
    corpRef('proof_rejections_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('proof_rejections_owner_id_fk', t.corpId, t.ownerId, () => staff),
    corpRef('proof_rejections_rejected_by_fk', t.corpId, t.rejectedBy, () => staff),
    index('proof_rejections_open_idx')
      .on(t.corpId, t.ownerId, t.id)
      .where(sql`${t.resolvedAt} is null`),
    index().on(t.corpId, t.proofId),
    // One open rejection per proof, beside the conditional update that moves the proof to rejected.
    uniqueIndex('proof_rejections_one_open')
      .on(t.corpId, t.proofId)
      .where(sql`resolved_at is null`),
  ],
);
