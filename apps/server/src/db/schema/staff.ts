import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  primaryKey,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';
import { sealedText } from '../../pii/column.ts';

/** The company a row belongs to: every module's tables carry it, and every query filters on it first. */
export const companyRef = () =>
  integer()
    .notNull()
    .references(() => companies.id);

/** A staff member a row names (owner, author, assignee …); its foreign key is a `corpRef` in the table's extra config. */
export const staffRef = () => integer().notNull();

/** A reference table (decision 084): every company's rows name it, so Citus copies it to every node. */
export const companies = pgTable(
  'companies',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    /** Days a partner's referral (报备) stays theirs without progress (decision 049). */
    referralProtectionDays: smallint().notNull().default(30),
    /** The over-limit brokerage rule (decision 030/057): above this rate or amount finance approves first. */
    overLimitRateBp: integer().notNull().default(150),
    overLimitAmountFen: bigint({ mode: 'number' }).notNull().default(5_000_000),
    /** Claw-back (decision 067): a deal returned within this many days after payout claws its commission back. */
    clawbackWindowDays: smallint().notNull().default(90),
    /** Claw-back pro rata to the days left in the window (true) or in full (false). */
    clawbackPartial: boolean().notNull().default(false),
    /** The day of the month statements of the previous month are issued (1–28). */
    statementDay: smallint().notNull().default(5),
    /** What the company pays a partner on a referred case's approval, in basis points of the loan; 0 pays nothing. */
    partnerCommissionBp: integer().notNull().default(0),
    /** The all-in cost's warning line (decision 068), basis points of a year: above it a case shows a warning. */
    allInCostCapBp: integer().notNull().default(2400),
    /** Customer ownership (decision 066): days without a follow-up before a workable case goes to the pool. */
    poolDays: smallint().notNull().default(15),
    /** Days before that the owner is warned. */
    poolWarnDays: smallint().notNull().default(3),
    /** Pool cases one person may claim in a day. */
    poolClaimsPerDay: smallint().notNull().default(5),
    /** Duplicate checks one person may run in a day (the check can be used as an oracle). */
    duplicateChecksPerDay: smallint().notNull().default(200),
    /**
     * Retention (decision 071): months the view log, audit log and duplicate-check log are kept (at least six,
     * Cybersecurity Law art. 21: a check refuses less), and years after a case closed before its client's personal
     * data is erased.
     */
    logRetentionMonths: smallint().notNull().default(12),
    closedCaseRetentionYears: smallint().notNull().default(5),
    /** Days a case may go without a planned follow-up before its owner (then its leader) is nudged. */
    nudgeDays: smallint().notNull().default(3),
    /** E-sign (issue 48): days an unsigned order's link lives before the order expires. */
    esignExpiryDays: smallint().notNull().default(7),
    /** E-sign intent (意愿认证): a liveness and face match against the ID photo before the signature. */
    esignFaceCheck: boolean().notNull().default(false),
    createdAt: timestamptzNow(),
  },
  (t) => [check('companies_log_retention_six_months', sql`${t.logRetentionMonths} >= 6`)],
);

export const teams = pgTable(
  'teams',
  {
    id: identity(),
    corpId: companyRef(),
    name: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId)],
);

/**
 * Staff of a company. `jobs` holds the job codes of spec §6 (2 signing … 6 rebate only); a plain
 * salesperson has none. Phone and WeCom userid are unique within a company, not across companies:
 * the same person may work for two.
 */
export const staff = pgTable(
  'staff',
  {
    id: identity(),
    corpId: companyRef(),
    teamId: integer(),
    name: text().notNull(),
    /**
     * Sealed (decision 074); found by `phone_bidx` (login by phone, in every company before one is known) or
     * by its last four digits by `phone_last4_bidx` (the back office's search).
     */
    phone: sealedText('staff.phone').notNull(),
    phoneBidx: text(),
    phoneLast4Bidx: text(),
    /** 1 male, 2 female, 0 unknown: picks the icon of the person's tile on a signing leader's card. */
    sex: smallint().notNull().default(0),
    jobs: smallint().array().notNull().default([]),
    isLeader: boolean().notNull().default(false),
    wxworkId: text(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('staff_team_id_fk', t.corpId, t.teamId, () => teams),
    uniqueIndex('staff_corp_id_phone_bidx_index').on(t.corpId, t.phoneBidx),
    uniqueIndex().on(t.corpId, t.wxworkId),
    index().on(t.corpId, t.teamId),
    // SMS codes are asked for by phone alone, before a company is known: every company's index of it.
    index('staff_phone_bidx_index').on(t.phoneBidx),
    index('staff_corp_id_phone_last4_bidx_index').on(t.corpId, t.phoneLast4Bidx),
  ],
);

export const notices = pgTable(
  'notices',
  {
    id: identity(),
    corpId: companyRef(),
    status: text({ enum: ['info', 'warning', 'error'] })
      .notNull()
      .default('info'),
    text: text().notNull(),
    startsAt: timestamptzNow(),
    endsAt: timestamptz(),
  },
  (t) => [primaryKey({ columns: [t.id, t.corpId] }), index().on(t.corpId, t.startsAt)],
);

/** Permissions a company grants one staff member beyond what their jobs give (decision 040). */
export const STAFF_GRANTS = ['sign.reject.approve', 'company.admin', 'platform.admin'] as const;
export type StaffGrant = (typeof STAFF_GRANTS)[number];

/**
 * Per-company grants to named staff: who approves rejected signings (the spec's "stored value 29") is
 * a row here, not an id in code, so each company names its own approver.
 */
export const staffGrants = pgTable(
  'staff_grants',
  {
    corpId: companyRef(),
    staffId: staffRef(),
    permission: text({ enum: STAFF_GRANTS }).notNull(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    corpRef('staff_grants_staff_id_fk', t.corpId, t.staffId, () => staff),
    primaryKey({ columns: [t.corpId, t.staffId, t.permission] }),
    index().on(t.corpId, t.permission),
  ],
);
