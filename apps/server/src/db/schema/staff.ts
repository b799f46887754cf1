import {
  bigint,
  boolean,
  index,
  primaryKey,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
  /** Days a partner's referral (报备) stays theirs without progress (decision 049). */
  referralProtectionDays: smallint().notNull().default(30),
  /** The over-limit brokerage rule (decision 030/057): above this rate or amount finance approves first. */
  overLimitRateBp: integer().notNull().default(150),
  overLimitAmountFen: bigint({ mode: 'number' }).notNull().default(5_000_000),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const teams = pgTable(
  'teams',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
  },
  (t) => [index().on(t.corpId)],
);

/**
 * Staff of a company. `jobs` holds the job codes of spec §6 (2 signing … 6 rebate only); a plain
 * salesperson has none. Phone and WeCom userid are unique within a company, not across companies:
 * the same person may work for two.
 */
export const staff = pgTable(
  'staff',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    teamId: integer().references(() => teams.id),
    name: text().notNull(),
    phone: text().notNull(),
    /** 1 male, 2 female, 0 unknown: picks the icon of the person's tile on a signing leader's card. */
    sex: smallint().notNull().default(0),
    jobs: smallint().array().notNull().default([]),
    isLeader: boolean().notNull().default(false),
    wxworkId: text(),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex().on(t.corpId, t.phone),
    uniqueIndex().on(t.corpId, t.wxworkId),
    index().on(t.corpId, t.teamId),
    // SMS codes are asked for by phone alone, before a company is known.
    index().on(t.phone),
  ],
);

export const notices = pgTable(
  'notices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    status: text({ enum: ['info', 'warning', 'error'] })
      .notNull()
      .default('info'),
    text: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.corpId, t.startsAt)],
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
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    permission: text({ enum: STAFF_GRANTS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.corpId, t.staffId, t.permission] }), index().on(t.corpId, t.permission)],
);
