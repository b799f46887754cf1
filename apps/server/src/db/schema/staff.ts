import { boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
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
    gender: smallint().notNull().default(0),
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
    status: text({ enum: ['info', 'warning', 'error'] }).notNull().default('info'),
    text: text().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.corpId, t.startsAt)],
);
