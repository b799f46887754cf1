import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';

/*
 * The commission ledger (modules/ledger, issue 42, decision 067): immutable lines in integer fen, the
 * claw-backs finance decides, and the monthly statements frozen at issue. Only modules/ledger imports this file.
 */

/**
 * Who a line is for: `receiver` a home-loan brokerage receiver (house_brokerage_users, the channel agents
 * among them), `partner` an outside partner (outside_partners). No foreign key: two tables, one column.
 */
const receiverKind = () => text({ enum: ['receiver', 'partner'] }).notNull();

/**
 * One immutable line of a receiver's account; the balance is the sum of the lines (positive: the company
 * owes the receiver; negative: the receiver owes the company). `accrual` (+) a commission earned, `payment`
 * (≤ 0) money sent, `nettedFen` the part of the order the receiver's debt took instead, `cancel` (−) an
 * unpaid commission that lapsed, `reversal` (−) an approved claw-back. Never updated or deleted (a trigger).
 */
export const commissionLines = pgTable(
  'commission_lines',
  {
    id: identity(),
    corpId: companyRef(),
    receiverKind: receiverKind(),
    receiverId: integer().notNull(),
    kind: text({ enum: ['accrual', 'payment', 'cancel', 'reversal'] }).notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    nettedFen: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * The deal the line belongs to: a home-loan client (`house`) or an instalment case (`case`); none for a
     * partner's payout, which pays the balance.
     */
    dealKind: text({ enum: ['house', 'case'] }),
    dealId: integer(),
    /** The home-loan brokerage order, for the lines of a house deal. */
    orderId: integer(),
    /** The claw-back a reversal carries out: one reversal per claw-back (the unique index below). */
    clawbackId: integer(),
    note: text().notNull().default(''),
    actorId: integer(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('commission_lines_actor_id_fk', t.corpId, t.actorId, () => staff),
    index().on(t.corpId, t.receiverKind, t.receiverId, t.id),
    index().on(t.corpId, t.dealKind, t.dealId),
    index().on(t.corpId, t.createdAt),
    uniqueIndex('commission_lines_one_reversal')
      .on(t.corpId, t.clawbackId)
      .where(sql`${t.clawbackId} is not null`),
    uniqueIndex('commission_lines_one_per_order')
      .on(t.corpId, t.orderId, t.kind)
      .where(sql`${t.orderId} is not null and ${t.kind} <> 'reversal'`),
    check(
      'commission_lines_sign',
      sql`(${t.kind} = 'accrual' and ${t.amountFen} > 0) or (${t.kind} = 'payment' and ${t.amountFen} <= 0 and ${t.nettedFen} >= 0) or (${t.kind} in ('cancel', 'reversal') and ${t.amountFen} < 0)`,
    ),
    check('commission_lines_netted', sql`${t.kind} = 'payment' or ${t.nettedFen} = 0`),
    check('commission_lines_deal', sql`${t.kind} = 'payment' or num_nonnulls(${t.dealKind}, ${t.dealId}) = 2`),
  ],
);

/**
 * A claw-back the product proposed when a deal fell through after payout (a case returned, a home-loan
 * signing failed); finance approves (a reversal line) or rejects it, never whoever caused it (maker-checker).
 */
export const commissionClawbacks = pgTable(
  'commission_clawbacks',
  {
    id: identity(),
    corpId: companyRef(),
    receiverKind: receiverKind(),
    receiverId: integer().notNull(),
    dealKind: text({ enum: ['house', 'case'] }).notNull(),
    dealId: integer().notNull(),
    orderId: integer(),
    trigger: text({ enum: ['case_returned', 'house_failed'] }).notNull(),
    /** What was paid, when, and the part of it clawed back (all of it, or pro rata with partial reversals). */
    paidFen: bigint({ mode: 'number' }).notNull(),
    paidAt: timestamptz().notNull(),
    amountFen: bigint({ mode: 'number' }).notNull(),
    status: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    proposedBy: staffRef(),
    decidedBy: integer(),
    decidedAt: timestamptz(),
    remark: text().notNull().default(''),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('commission_clawbacks_proposed_by_fk', t.corpId, t.proposedBy, () => staff),
    corpRef('commission_clawbacks_decided_by_fk', t.corpId, t.decidedBy, () => staff),
    index().on(t.corpId, t.status, t.id),
    index().on(t.corpId, t.receiverKind, t.receiverId, t.id),
    uniqueIndex('commission_clawbacks_one_open')
      .on(t.corpId, t.receiverKind, t.receiverId, t.dealKind, t.dealId)
      .where(sql`${t.status} = 'pending'`),
    check('commission_clawbacks_amount', sql`${t.amountFen} > 0 and ${t.amountFen} <= ${t.paidFen}`),
  ],
);

/**
 * A receiver's statement of one month (`period` 'YYYY-MM', Asia/Shanghai), issued on the company's statement
 * day and frozen: its lines are a snapshot (`lines`), and a trigger refuses any change.
 */
export const commissionStatements = pgTable(
  'commission_statements',
  {
    id: identity(),
    corpId: companyRef(),
    receiverKind: receiverKind(),
    receiverId: integer().notNull(),
    receiverName: text().notNull(),
    period: text().notNull(),
    openingFen: bigint({ mode: 'number' }).notNull(),
    creditsFen: bigint({ mode: 'number' }).notNull(),
    debitsFen: bigint({ mode: 'number' }).notNull(),
    closingFen: bigint({ mode: 'number' }).notNull(),
    /** What will be paid (the closing balance when positive) and on which day ('YYYY-MM-DD'). */
    payableFen: bigint({ mode: 'number' }).notNull(),
    payOn: text().notNull(),
    lines: jsonb().notNull(),
    issuedAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    uniqueIndex().on(t.corpId, t.receiverKind, t.receiverId, t.period),
    index().on(t.corpId, t.period, t.id),
    index().on(t.corpId, t.receiverKind, t.receiverId, t.id),
  ],
);

/** A receiver's question about one line of a statement, and finance's answer. */
export const commissionDisputes = pgTable(
  'commission_disputes',
  {
    id: identity(),
    corpId: companyRef(),
    statementId: integer().notNull(),
    lineId: integer().notNull(),
    note: text().notNull(),
    answer: text().notNull().default(''),
    answeredBy: integer(),
    answeredAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('commission_disputes_statement_id_fk', t.corpId, t.statementId, () => commissionStatements),
    corpRef('commission_disputes_line_id_fk', t.corpId, t.lineId, () => commissionLines),
    corpRef('commission_disputes_answered_by_fk', t.corpId, t.answeredBy, () => staff),
    index().on(t.corpId, t.statementId, t.id),
    index().on(t.corpId, t.answeredAt, t.id),
  ],
);
