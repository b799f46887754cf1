import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';
import type { CaseFee, ProductFee, ProductRules } from '@crm/domain/matching';
import { companyRef, staff, staffRef, teams } from './staff.ts';
import { sealedText } from '../../pii/column.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * Tables of the instalment-case module (modules/cases): the cases, their follow-ups, customer-service
 * requests, appeals, the append-only status timeline, and the company's reference data a case form picks
 * from. The option lists that never change per company (terms, marital status …) live in
 * packages/domain/src/options instead. Only modules/cases imports this file (lint enforces it).
 */

/** An instalment-loan case. Status codes of spec §4: 1 signing … 9 order returned. */
export const clients = pgTable(
  'clients',
  {
    id: identity(),
    corpId: companyRef(),
    ownerId: staffRef(),
    teamId: integer(),
    name: text().notNull(),
    /** Sealed (decision 074); found by `phone_bidx`, or by its last four digits by `phone_last4_bidx`. */
    phone: sealedText('clients.phone').notNull(),
    phoneBidx: text(),
    phoneLast4Bidx: text(),
    status: smallint().notNull().default(1),
    createdAt: timestamptzNow(),
    // Case fields (issue 3). Reference ids (product, bank …) point at the company's rows in cases.ts; the
    // service checks they belong to the company, so no foreign key ties this table to that file.
    /** Sealed (decision 074); found by `id_number_bidx` (null when none). */
    idNumber: sealedText('clients.id_number').notNull().default(''),
    idNumberBidx: text(),
    birthDate: date({ mode: 'string' }),
    /** 1 male, 2 female: from the ID number */
    sex: smallint(),
    /** Sealed (decision 074); never looked up, so no index. */
    bankCard: sealedText('clients.bank_card').notNull().default(''),
    amountFen: bigint({ mode: 'number' }).notNull().default(0),
    termMonths: smallint().notNull().default(12),
    purpose: smallint(),
    productId: integer(),
    bankId: integer(),
    channelId: integer(),
    sourceId: integer(),
    cityId: integer(),
    signUserId: integer(),
    region: smallint(),
    marital: smallint(),
    education: smallint(),
    occupation: smallint(),
    employerType: smallint(),
    incomeFen: bigint({ mode: 'number' }),
    remarks: text().notNull().default(''),
    /** The fees agreed with the client (decision 068): [{kind, mode, amount_fen, payee}], checked by the domain schema. */
    fees: jsonb().$type<CaseFee[]>().notNull().default([]),
    /** REJECT_REASONS code of the last move to 2 or 6, with the person's note */
    rejectReason: smallint(),
    rejectNote: text().notNull().default(''),
    updatedAt: timestamptzNow(),
    /** Soft delete: money records and signing tasks of other modules may point at the row. */
    deletedAt: timestamptz(),
    /**
     * Customer ownership (decision 066): when the current owner took the case (claimed, reassigned, handed
     * over); null means since it was created. With the last follow-up it dates the owner's last touch.
     */
    ownedSince: timestamptz(),
    /**
     * The owner's last touch (decision 078): the later of `owned_since` (or the creation) and the newest
     * follow-up's creation. Kept by the database's triggers (migration 0037), never written by the app, so the
     * pool's clock reads one indexed column instead of every case's follow-ups.
     */
    touchedAt: timestamptzNow(),
    /** In the company's public pool (公海) since then: nobody owns it; the owner's roles lapse. */
    pooledAt: timestamptz(),
    poolReason: text().notNull().default(''),
    /**
     * Retention (decision 071): when the client's personal fields were erased (the closed case's period ran out,
     * or a data-subject request); the figures statistics need stay.
     */
    personalErasedAt: timestamptz(),
    /**
     * Merged into that case (decision 066): its follow-ups, money, proofs, images, events and signing tasks
     * moved there; this row stays as a read-only pointer.
     */
    mergedInto: integer(),
    mergedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('clients_owner_id_fk', t.corpId, t.ownerId, () => staff),
    corpRef('clients_team_id_fk', t.corpId, t.teamId, () => teams),
    corpRef('clients_sign_user_id_fk', t.corpId, t.signUserId, () => staff),
    corpRef('clients_merged_into_fk', t.corpId, t.mergedInto, () => t),
    index().on(t.corpId, t.ownerId, t.id),
    index().on(t.corpId, t.teamId, t.id),
    // The leader's funnel: a team's cases taken in since a date (decision 058).
    index('clients_corp_team_created_live')
      .on(t.corpId, t.teamId, t.createdAt)
      .where(sql`deleted_at is null`),
    // My cases filtered by status, newest first (clientList's keyset).
    index('clients_corp_owner_status_id_live')
      .on(t.corpId, t.ownerId, t.status, t.id)
      .where(sql`deleted_at is null`),
    // The pool's clock (decision 078): a person's owned workable cases by last touch (the home page's 待办),
    // and the company's (the sweep, the warnings). The status list is POOL_STATUSES.
    index('clients_owner_touched_workable')
      .on(t.corpId, t.ownerId, t.touchedAt)
      .where(sql`deleted_at is null and pooled_at is null and merged_into is null and status in (1, 2, 4)`),
    index('clients_corp_touched_workable')
      .on(t.corpId, t.touchedAt)
      .where(sql`deleted_at is null and pooled_at is null and merged_into is null and status in (1, 2, 4)`),
    // The pool (公海), newest first, and the sweep's workable cases still owned.
    index('clients_corp_pooled_live')
      .on(t.corpId, t.pooledAt, t.id)
      .where(sql`deleted_at is null and pooled_at is not null`),
    index('clients_corp_phone_bidx_live')
      .on(t.corpId, t.phoneBidx)
      .where(sql`deleted_at is null`),
    index('clients_corp_phone_last4_bidx_live')
      .on(t.corpId, t.phoneLast4Bidx)
      .where(sql`deleted_at is null`),
    // The retention sweep (decision 071): closed cases that still hold personal data, by when they last moved.
    index('clients_closed_not_erased')
      .on(t.corpId, t.updatedAt)
      .where(sql`status in (6, 8, 9) and personal_erased_at is null`),
    // One open case per ID number in a company; also enforced when two intakes race.
    uniqueIndex('clients_corp_id_number_bidx_open')
      .on(t.corpId, t.idNumberBidx)
      .where(sql`deleted_at is null and status not in (6, 8, 9) and id_number_bidx is not null`),
  ],
);

/** An instalment case a row belongs to; its foreign key is a `corpRef` in the table's extra config. */
export const clientRef = () => integer().notNull();

/** A note on a case with the next time to contact the client; open until done. */
export const followUps = pgTable(
  'follow_ups',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    staffId: staffRef(),
    note: text().notNull(),
    nextContactAt: timestamptz().notNull(),
    doneAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('follow_ups_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('follow_ups_staff_id_fk', t.corpId, t.staffId, () => staff),
    index().on(t.corpId, t.staffId, t.nextContactAt),
    index().on(t.corpId, t.clientId, t.id),
    // One next step per person and case: a new follow-up closes the earlier one, also when two race.
    uniqueIndex('follow_ups_one_open')
      .on(t.corpId, t.clientId, t.staffId)
      .where(sql`done_at is null`),
  ],
);

/** A case put to customer service (job 3) for help; open until handled or transferred. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    status: text({ enum: ['open', 'done', 'transferred'] })
      .notNull()
      .default('open'),
    createdAt: timestamptzNow(),
    requestedBy: integer(),
    handledBy: integer(),
    toStaffId: integer(),
    transferReason: text().notNull().default(''),
    handledAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('service_requests_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('service_requests_requested_by_fk', t.corpId, t.requestedBy, () => staff),
    corpRef('service_requests_handled_by_fk', t.corpId, t.handledBy, () => staff),
    corpRef('service_requests_to_staff_id_fk', t.corpId, t.toStaffId, () => staff),
    index().on(t.corpId, t.status),
    index().on(t.corpId, t.status, t.id),
    index().on(t.corpId, t.clientId),
    // One open request per case, also when two edits asking for help race.
    uniqueIndex('service_requests_one_open')
      .on(t.corpId, t.clientId)
      .where(sql`status = 'open'`),
  ],
);

/** A salesperson's appeal against a rejection or decision; the team leader decides it. */
export const appeals = pgTable(
  'appeals',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    staffId: staffRef(),
    teamId: integer(),
    reason: text().notNull(),
    status: text({ enum: ['open', 'approved', 'refused'] })
      .notNull()
      .default('open'),
    createdAt: timestamptzNow(),
    decidedBy: integer(),
    decisionReason: text().notNull().default(''),
    decidedAt: timestamptz(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('appeals_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('appeals_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('appeals_team_id_fk', t.corpId, t.teamId, () => teams),
    corpRef('appeals_decided_by_fk', t.corpId, t.decidedBy, () => staff),
    index().on(t.corpId, t.teamId, t.status),
    index().on(t.corpId, t.staffId),
    index().on(t.corpId, t.clientId),
    // One open appeal per case, also when a double tap sends two.
    uniqueIndex('appeals_one_open')
      .on(t.corpId, t.clientId)
      .where(sql`status = 'open'`),
  ],
);

/**
 * The case timeline: every creation, status change, resubmission, appeal decision and transfer, written
 * in the same transaction as the change itself. Never updated or deleted.
 */
export const caseEvents = pgTable(
  'case_events',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    staffId: staffRef(),
    kind: text({
      enum: [
        'created',
        'status',
        'resubmit',
        'appeal',
        'transfer',
        'edited',
        'pooled',
        'claimed',
        'reassigned',
        'merged',
      ],
    }).notNull(),
    fromStatus: smallint(),
    toStatus: smallint(),
    reason: text().notNull().default(''),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('case_events_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('case_events_staff_id_fk', t.corpId, t.staffId, () => staff),
    // A case's timeline, and (with the move's columns, read from the index alone) the leader's funnel and
    // medians over a team's cases without touching the table (decision 058; bench/README.md §3).
    index('case_events_corp_client_id_moves').on(t.corpId, t.clientId, t.id, t.fromStatus, t.toStatus, t.createdAt),
  ],
);

/**
 * Who saw a client's full phone, ID number or bank card, when (decision 058): everyone but the case's owner
 * sees them masked, and a tap to show one writes a row here that the team's leader reads. Append-only.
 */
export const clientViews = pgTable(
  'client_views',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    staffId: staffRef(),
    /** The case's team when it was viewed: the leader who reads the log. */
    teamId: integer(),
    field: text({ enum: ['phone', 'id_number', 'bank_card'] }).notNull(),
    viewedAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('client_views_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('client_views_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('client_views_team_id_fk', t.corpId, t.teamId, () => teams),
    index().on(t.corpId, t.teamId, t.id),
    index().on(t.corpId, t.clientId, t.id),
  ],
);

/** Where a case came from (agent, partner, online …): a two-level tree per company. */
export const channels = pgTable(
  'channels',
  {
    id: identity(),
    corpId: companyRef(),
    parentId: integer(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    sortOrder: smallint().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.parentId)],
);

/** How the client heard of us (referral, ad, walk-in …). */
export const sources = pgTable(
  'sources',
  {
    id: identity(),
    corpId: companyRef(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId)],
);

/** Lending banks and their branches (parent_id → the bank). */
export const banks = pgTable(
  'banks',
  {
    id: identity(),
    corpId: companyRef(),
    parentId: integer(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.parentId)],
);

/** A bank's loan product the company sells, with the amounts and terms it allows. */
export const products = pgTable(
  'products',
  {
    id: identity(),
    corpId: companyRef(),
    bankId: integer(),
    name: text().notNull(),
    minAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    maxAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    termsMonths: smallint().array().notNull().default([]),
    isActive: boolean().notNull().default(true),
    // The lender's price (decision 051): fee type of spec §9 (1 monthly fee, 2 total fee, 3 annual rate), the
    // rate in ppm of the principal (0.35 % = 3500), and for an annual rate the repayment method. Null until
    // priced: a case of an unpriced product has no financing agreement yet.
    feeType: smallint(),
    ratePpm: integer(),
    repaymentMethod: smallint(),
    // Admission rules and the product's own fees as shares of the loan (decision 068), checked by the domain
    // schemas (productRulesSchema, productFeesSchema) before they are written.
    rules: jsonb().$type<Partial<ProductRules>>().notNull().default({}),
    fees: jsonb().$type<ProductFee[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('products_bank_id_fk', t.corpId, t.bankId, () => banks),
    index().on(t.corpId, t.bankId),
  ],
);

/** Provinces and their cities (parent_id → the province); the same for every company. */
export const cities = pgTable(
  'cities',
  {
    id: integer().primaryKey(),
    parentId: integer(),
    name: text().notNull(),
  },
  (t) => [index().on(t.parentId)],
);

/**
 * The client's separate consent to the processing of their personal financial information (PIPL art. 29,
 * decision 073). One row per attempt: an SMS-link request waits (`requested`) until the client confirms it
 * with the code sent to the case's phone (`given`, with the address and browser that confirmed), or a photo
 * of the signed paper form is recorded at once (`given`, with the file). A withdrawal keeps the row
 * (`withdrawn`, when, by whom, why); a new request replaces a waiting one (`cancelled`). A case moves past
 * intake, and goes to signing, only while one row is `given`.
 */
export const caseConsents = pgTable(
  'case_consents',
  {
    id: identity(),
    corpId: companyRef(),
    clientId: clientRef(),
    /** The version of the authorisation text shown or signed (packages/domain/src/consent). */
    textVersion: text().notNull(),
    method: text({ enum: ['sms', 'paper'] }).notNull(),
    status: text({ enum: ['requested', 'given', 'withdrawn', 'cancelled'] }).notNull(),
    /** SHA-256 of the link's token while the request waits; cleared when confirmed or replaced. */
    linkTokenHash: text(),
    linkExpiresAt: timestamptz(),
    /** The photo of the paper form (files, owner the case). */
    fileId: integer(),
    /** Where the client confirmed the link from. */
    ip: text(),
    userAgent: text(),
    /** The staff member who sent the link or uploaded the photo. */
    recordedBy: staffRef(),
    givenAt: timestamptz(),
    withdrawnAt: timestamptz(),
    withdrawnBy: integer(),
    withdrawReason: text(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('case_consents_client_id_fk', t.corpId, t.clientId, () => clients),
    corpRef('case_consents_recorded_by_fk', t.corpId, t.recordedBy, () => staff),
    corpRef('case_consents_withdrawn_by_fk', t.corpId, t.withdrawnBy, () => staff),
    index().on(t.corpId, t.clientId, t.id),
    uniqueIndex('case_consents_link_token').on(t.linkTokenHash, t.corpId),
    // One consent in force and one link waiting per case, even when two taps race.
    uniqueIndex('case_consents_one_given')
      .on(t.corpId, t.clientId)
      .where(sql`status = 'given'`),
    uniqueIndex('case_consents_one_requested')
      .on(t.corpId, t.clientId)
      .where(sql`status = 'requested'`),
  ],
);
