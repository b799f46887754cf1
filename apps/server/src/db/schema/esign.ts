import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { clientRef, clients } from './cases.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';
import { sealedJson, sealedText } from '../../pii/column.ts';

/*
 * Electronic signing (modules/esign, decision 054): a company's contract templates, the orders a
 * salesperson sends a client, the append-only hash-chained evidence of each order, and the signer's
 * short-lived signing sessions. Only modules/esign imports this file.
 */

export const ESIGN_DOC_KINDS = ['application', 'authorisation', 'service'] as const;
export type EsignDocKind = (typeof ESIGN_DOC_KINDS)[number];

/**
 * A contract template of one company: a title and paragraphs with `{{field}}` slots filled from the case
 * (client_name, id_number, phone, amount, term_months, company_name, date…) when a document is generated.
 */
export const esignTemplates = pgTable(
  'esign_templates',
  {
    id: identity(),
    corpId: companyRef(),
    kind: text({ enum: ESIGN_DOC_KINDS }).notNull(),
    title: text().notNull(),
    /** Paragraphs; a paragraph that is exactly `---` starts a new page. */
    body: jsonb().$type<string[]>().notNull(),
    active: integer().notNull().default(1),
    createdAt: timestamptzNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.kind)],
);

/** expired: unsigned past the company's days (companies.esign_expiry_days, issue 48); its link stops working. */
export const ESIGN_STATUSES = ['sent', 'signed', 'cancelled', 'expired'] as const;
export type EsignStatus = (typeof ESIGN_STATUSES)[number];

/**
 * One signing order: the documents generated for one case (its client signs them on the phone), the
 * SHA-256 of the document as sent and of the sealed one, and the signing link (only its hash is kept).
 */
export const esignOrders = pgTable(
  'esign_orders',
  {
    id: identity(),
    corpId: companyRef(),
    staffId: staffRef(),
    clientId: clientRef(),
    /** The signer as the case named them when the order was made (the document says the same). */
    signerName: text().notNull(),
    /** Sealed (decision 074): the SMS code goes to the opened phone, the typed ID number is compared with it. */
    signerPhone: sealedText('esign_orders.signer_phone').notNull(),
    signerIdNumber: sealedText('esign_orders.signer_id_number').notNull(),
    title: text().notNull(),
    /** The pages the signer reads: the same text the PDF was drawn from; sealed, as it names the signer. */
    pages: sealedJson<{ title: string; paragraphs: string[] }[]>('esign_orders.pages').notNull(),
    status: text({ enum: ESIGN_STATUSES }).notNull().default('sent'),
    originalFileId: integer(),
    originalSha256: text().notNull(),
    signatureFileId: integer(),
    sealedFileId: integer(),
    sealedSha256: text(),
    /** SHA-256 of the live signing link's token; a resend replaces it, a cancel or a signature clears it. */
    linkTokenHash: text(),
    linkExpiresAt: timestamptz(),
    /** The open-card step (open/{id}): the bank card the client authorises, digits only. */
    bankCard: sealedText('esign_orders.bank_card'),
    bankName: text(),
    /** The hash of the last event and how many there are: removing the last event is caught too. */
    chainHead: text().notNull(),
    eventCount: integer().notNull().default(0),
    signedAt: timestamptz(),
    cancelledAt: timestamptz(),
    /** When the expiry sweep ended it unsigned. */
    expiredAt: timestamptz(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('esign_orders_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('esign_orders_client_id_fk', t.corpId, t.clientId, () => clients),
    index().on(t.corpId, t.staffId, t.id),
    index().on(t.corpId, t.clientId),
    index().on(t.corpId, t.sealedSha256),
    // The public verify page looks a PDF's hash up among every company's sealed documents (issue 48).
    index('esign_orders_sealed_sha256').on(t.sealedSha256),
    // The expiry and reminder sweep: the unsigned orders by when they expire.
    index('esign_orders_open_expiry')
      .on(t.linkExpiresAt)
      .where(sql`status = 'sent'`),
    uniqueIndex('esign_orders_link_token').on(t.linkTokenHash, t.corpId),
    // One open order per case (decision 054): a second add answers the open one instead of a second link.
    uniqueIndex('esign_orders_one_open')
      .on(t.corpId, t.clientId)
      .where(sql`status = 'sent'`),
  ],
);

export const ESIGN_EVENT_TYPES = [
  'created',
  'sent',
  'opened',
  'code_sent',
  'code_verified',
  'page_viewed',
  'signed',
  'sealed',
  'timestamped',
  'timestamp_failed',
  'downloaded',
  'card_authorised',
  'cancelled',
  'reminded',
  'expired',
  'face_verified',
  'face_failed',
] as const;
export type EsignEventType = (typeof ESIGN_EVENT_TYPES)[number];

/**
 * The evidence of an order, append-only (a trigger refuses update and delete): each event carries the
 * SHA-256 of the one before it and its own hash over its content and that link, so removing or editing
 * one breaks every hash after it.
 */
export const esignEvents = pgTable(
  'esign_events',
  {
    id: identity(),
    corpId: companyRef(),
    orderId: integer().notNull(),
    seq: integer().notNull(),
    type: text({ enum: ESIGN_EVENT_TYPES }).notNull(),
    /** `staff:<id>`, `signer` or `system`. */
    actor: text().notNull(),
    ip: text().notNull(),
    userAgent: text().notNull(),
    /** ISO 8601 with the zone offset, as hashed. */
    at: text().notNull(),
    detail: jsonb().$type<Record<string, string | number>>().notNull(),
    prevHash: text().notNull(),
    hash: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('esign_events_order_id_fk', t.corpId, t.orderId, () => esignOrders),
    uniqueIndex('esign_events_order_seq').on(t.orderId, t.seq, t.corpId),
    index().on(t.corpId, t.orderId),
  ],
);

/**
 * A signer's session: opened by the SMS code sent to the order's phone plus the signer's ID number, bound
 * to that one order, short-lived; only its token's SHA-256 is kept.
 */
export const esignSessions = pgTable(
  'esign_sessions',
  {
    id: identity(),
    corpId: companyRef(),
    orderId: integer().notNull(),
    tokenHash: text().notNull(),
    expiresAt: timestamptz().notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('esign_sessions_order_id_fk', t.corpId, t.orderId, () => esignOrders),
    uniqueIndex('esign_sessions_token').on(t.tokenHash, t.corpId),
    index().on(t.expiresAt),
  ],
);
