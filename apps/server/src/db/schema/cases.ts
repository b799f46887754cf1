import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, staff } from './companies.ts';
import { clients } from './work.ts';

/*
 * Tables of the instalment-case module (issue 3): the append-only status timeline and the company's
 * reference data a case form picks from. The option lists that never change per company (terms, marital
 * status …) live in packages/domain/src/options instead.
 */

/**
 * The case timeline: every creation, status change, resubmission, appeal decision and transfer, written
 * in the same transaction as the change itself. Never updated or deleted.
 */
export const caseEvents = pgTable(
  'case_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    kind: text({ enum: ['created', 'status', 'resubmit', 'appeal', 'transfer', 'edited'] }).notNull(),
    fromStatus: smallint(),
    toStatus: smallint(),
    reason: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.corpId, t.clientId, t.id)],
);

/** Where a case came from (agent, partner, online …): a two-level tree per company. */
export const channels = pgTable(
  'channels',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    parentId: integer(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
    sortOrder: smallint().notNull().default(0),
  },
  (t) => [index().on(t.corpId, t.parentId)],
);

/** How the client heard of us (referral, ad, walk-in …). */
export const sources = pgTable(
  'sources',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index().on(t.corpId)],
);

/** Lending banks and their branches (parent_id → the bank). */
export const banks = pgTable(
  'banks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    parentId: integer(),
    name: text().notNull(),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index().on(t.corpId, t.parentId)],
);

/** A bank's loan product the company sells, with the amounts and terms it allows. */
export const products = pgTable(
  'products',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    bankId: integer().references(() => banks.id),
    name: text().notNull(),
    minAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    maxAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    termsMonths: smallint().array().notNull().default([]),
    isActive: boolean().notNull().default(true),
  },
  (t) => [index().on(t.corpId, t.bankId)],
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
