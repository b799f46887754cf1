import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';
import { sealedText } from '../../pii/column.ts';

/*
 * The WeCom sidebar tool (/chattergee, issue 16, decision 055): customer files of WeCom external contacts,
 * the points ledger (accounts, transfers and their double entries) and the app's workbench items. Only
 * modules/chatter imports this file.
 */

/** A customer file (建档) of one WeCom external contact, per company: one per external_userid. */
export const customerFilings = pgTable(
  'customer_filings',
  {
    id: identity(),
    corpId: companyRef(),
    externalUserid: text().notNull(),
    /** Who filed the customer (a staff member WeCom says follows the contact). */
    staffId: staffRef(),
    name: text().notNull(),
    /** Sealed (decision 074); never looked up. */
    mobile: sealedText('customer_filings.mobile').notNull().default(''),
    remark: text().notNull().default(''),
    /** The company's tags of the customer (group sends pick customers by them, decision 080). */
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where the customer came from (a channel QR code's name, an activity); '' when not known. */
    source: text().notNull().default(''),
    /** Real-name authentication (实名认证): the name and ID number the ID card's OCR confirmed. */
    realName: text(),
    /** Sealed (decision 074); null until authenticated. */
    idNumber: sealedText('customer_filings.id_number'),
    authedAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('customer_filings_staff_id_fk', t.corpId, t.staffId, () => staff),
    uniqueIndex('customer_filings_one_per_contact').on(t.corpId, t.externalUserid),
    index().on(t.corpId, t.staffId, t.id),
    check('customer_filings_auth_whole', sql`(${t.authedAt} is null) = (${t.idNumber} is null)`),
  ],
);

/**
 * A points account. `issuer` is where the company's points come from (its balance is minus all points ever
 * issued, the only one allowed below zero); `pool` is the company's points pool; `staff` a member's points;
 * `wallet` a customer's wallet (opened on a real-name authenticated file). `balance` is the running sum of
 * the account's entries, kept in the transfer's transaction, so "never below zero" is one conditional update.
 */
export const pointAccounts = pgTable(
  'point_accounts',
  {
    id: identity(),
    corpId: companyRef(),
    kind: text({ enum: ['issuer', 'pool', 'staff', 'wallet'] }).notNull(),
    staffId: integer(),
    filingId: integer(),
    balance: bigint({ mode: 'number' }).notNull().default(0),
    /** A wallet's unguessable code: what its QR code links to (decision 055). */
    walletCode: text(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('point_accounts_staff_id_fk', t.corpId, t.staffId, () => staff),
    corpRef('point_accounts_filing_id_fk', t.corpId, t.filingId, () => customerFilings),
    uniqueIndex('point_accounts_one_company_account')
      .on(t.corpId, t.kind)
      .where(sql`kind in ('issuer', 'pool')`),
    uniqueIndex('point_accounts_one_per_staff')
      .on(t.corpId, t.staffId)
      .where(sql`kind = 'staff'`),
    uniqueIndex('point_accounts_one_wallet_per_file')
      .on(t.corpId, t.filingId)
      .where(sql`kind = 'wallet'`),
    uniqueIndex('point_accounts_wallet_code').on(t.walletCode, t.corpId),
    check('point_accounts_never_negative', sql`${t.kind} = 'issuer' or ${t.balance} >= 0`),
    check(
      'point_accounts_subject',
      sql`(${t.kind} = 'staff') = (${t.staffId} is not null) and (${t.kind} = 'wallet') = (${t.filingId} is not null) and (${t.kind} = 'wallet') = (${t.walletCode} is not null)`,
    ),
  ],
);

/**
 * One movement of points: issue (issuer → pool), grant (pool → staff), send (staff → wallet). Who moved them,
 * why, and the sender's idempotency key (a retried send finds its first transfer instead of moving twice).
 * Append-only (a trigger refuses update and delete; migration 0014's hand-written part).
 */
export const pointTransfers = pgTable(
  'point_transfers',
  {
    id: identity(),
    corpId: companyRef(),
    kind: text({ enum: ['issue', 'grant', 'send'] }).notNull(),
    fromAccountId: integer().notNull(),
    toAccountId: integer().notNull(),
    amount: integer().notNull(),
    /** Who: the staff member who made the movement. */
    actorStaffId: staffRef(),
    /** To whom, for a send: the customer's file. */
    filingId: integer(),
    /** Why: the reason the sender wrote. */
    reason: text().notNull(),
    idempotencyKey: text().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('point_transfers_from_account_id_fk', t.corpId, t.fromAccountId, () => pointAccounts),
    corpRef('point_transfers_to_account_id_fk', t.corpId, t.toAccountId, () => pointAccounts),
    corpRef('point_transfers_actor_staff_id_fk', t.corpId, t.actorStaffId, () => staff),
    corpRef('point_transfers_filing_id_fk', t.corpId, t.filingId, () => customerFilings),
    uniqueIndex('point_transfers_one_per_key').on(t.corpId, t.actorStaffId, t.idempotencyKey),
    index().on(t.corpId, t.filingId, t.id),
    check('point_transfers_positive', sql`${t.amount} > 0`),
    check('point_transfers_two_accounts', sql`${t.fromAccountId} <> ${t.toAccountId}`),
  ],
);

/** The double entries of a transfer: one debit (negative) and one credit (positive), summing to zero. */
export const pointEntries = pgTable(
  'point_entries',
  {
    id: identity(),
    corpId: companyRef(),
    transferId: integer().notNull(),
    accountId: integer().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('point_entries_transfer_id_fk', t.corpId, t.transferId, () => pointTransfers),
    corpRef('point_entries_account_id_fk', t.corpId, t.accountId, () => pointAccounts),
    uniqueIndex('point_entries_one_per_side').on(t.transferId, t.accountId, t.corpId),
    index().on(t.corpId, t.accountId, t.id),
    check('point_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

/** The app's workbench items (企业微信工作台) of a company, in their order. */
export const workbenchItems = pgTable(
  'workbench_items',
  {
    id: identity(),
    corpId: companyRef(),
    title: text().notNull(),
    url: text().notNull(),
    sort: smallint().notNull().default(0),
    createdBy: staffRef(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('workbench_items_created_by_fk', t.corpId, t.createdBy, () => staff),
    uniqueIndex('workbench_items_one_title').on(t.corpId, t.title),
    index().on(t.corpId, t.sort, t.id),
  ],
);
