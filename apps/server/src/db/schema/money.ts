import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, staff } from './staff.ts';
import { clients } from './cases.ts';
import { files } from './files.ts';

/*
 * Repayment records and their proof images (modules/money). Every table carries corp_id and leads its
 * indexes with it; a case's rows are reached through (corp_id, client_id). Only modules/money imports this file.
 */

/** A repayment the client made, in integer fen. Frozen once confirmed. */
export const moneyRecords = pgTable(
  'money_records',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    amountFen: bigint({ mode: 'number' }).notNull(),
    paidOn: date({ mode: 'string' }).notNull(),
    /** Repayment method of spec §9: 1 credit card, 2 debit card, 3 cash, 4 credit card plus cash. */
    method: smallint().notNull(),
    cardLast4: text(),
    note: text().notNull().default(''),
    status: text({ enum: ['pending', 'confirmed'] })
      .notNull()
      .default('pending'),
    createdBy: integer()
      .notNull()
      .references(() => staff.id),
    confirmedBy: integer().references(() => staff.id),
    confirmedAt: timestamp({ withTimezone: true }),
    /** The client's idempotency key (a UUID made when the form opens): a retry records once. */
    idempotencyKey: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.corpId, t.idempotencyKey), index().on(t.corpId, t.clientId, t.id)],
);

export const moneyImages = pgTable(
  'money_images',
  {
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    moneyId: integer()
      .notNull()
      .references(() => moneyRecords.id, { onDelete: 'cascade' }),
    fileId: integer()
      .notNull()
      .references(() => files.id),
    position: smallint().notNull(),
  },
  (t) => [uniqueIndex().on(t.corpId, t.moneyId, t.fileId), index().on(t.corpId, t.fileId)],
);

/** A proof (bill, invoice, contract …) of a case, of one of the 12 types of spec §9. */
export const proofs = pgTable(
  'proofs',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    type: smallint().notNull(),
    status: text({ enum: ['submitted', 'rejected'] })
      .notNull()
      .default('submitted'),
    /** Bumped by every re-upload; proof_images keeps each version's images. */
    version: integer().notNull().default(1),
    createdBy: integer()
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Deleted proofs stay for the audit trail, with their images; lists leave them out. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index()
      .on(t.corpId, t.clientId, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** The images of each version of a proof: a re-upload adds a version and never deletes the old one. */
export const proofImages = pgTable(
  'proof_images',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    proofId: integer()
      .notNull()
      .references(() => proofs.id),
    fileId: integer()
      .notNull()
      .references(() => files.id),
    version: integer().notNull(),
    position: smallint().notNull(),
  },
  (t) => [uniqueIndex().on(t.corpId, t.proofId, t.version, t.fileId), index().on(t.corpId, t.fileId)],
);

/**
 * A rejection of a proof with its reason. Open until the owner re-uploads; `ownerId` (the case owner at
 * the time) is what the home badge and the rejection list filter on.
 */
export const proofRejections = pgTable(
  'proof_rejections',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    proofId: integer()
      .notNull()
      .references(() => proofs.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    ownerId: integer()
      .notNull()
      .references(() => staff.id),
    reason: text().notNull(),
    rejectedBy: integer()
      .notNull()
      .references(() => staff.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
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
