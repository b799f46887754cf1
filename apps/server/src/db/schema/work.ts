import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companies, staff, teams } from './companies.ts';

/*
 * The first cut of the work tables whose open items the home badges count (spec §3 "Badge counts").
 * Their modules (cases, signing, exams, home loans) grow them with later migrations; the columns here are
 * the ones a badge needs.
 */

/** An instalment-loan case. Status codes of spec §4: 1 signing … 9 order returned. */
export const clients = pgTable(
  'clients',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    ownerId: integer()
      .notNull()
      .references(() => staff.id),
    teamId: integer().references(() => teams.id),
    name: text().notNull(),
    phone: text().notNull(),
    status: smallint().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Case fields (issue 3). Reference ids (product, bank …) point at the company's rows in cases.ts; the
    // service checks they belong to the company, so no foreign key ties this table to that file.
    idNumber: text().notNull().default(''),
    birthDate: date({ mode: 'string' }),
    /** 1 male, 2 female: from the ID number */
    sex: smallint(),
    bankCard: text().notNull().default(''),
    amountFen: bigint({ mode: 'number' }).notNull().default(0),
    termMonths: smallint().notNull().default(12),
    purpose: smallint(),
    productId: integer(),
    bankId: integer(),
    channelId: integer(),
    sourceId: integer(),
    cityId: integer(),
    signUserId: integer().references(() => staff.id),
    region: smallint(),
    marital: smallint(),
    education: smallint(),
    occupation: smallint(),
    employerType: smallint(),
    incomeFen: bigint({ mode: 'number' }),
    remarks: text().notNull().default(''),
    /** REJECT_REASONS code of the last move to 2 or 6, with the person's note */
    rejectReason: smallint(),
    rejectNote: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: money records and signing tasks of other modules may point at the row. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.corpId, t.ownerId, t.id),
    index().on(t.corpId, t.teamId, t.id),
    // My cases filtered by status, newest first (clientList's keyset).
    index('clients_corp_owner_status_id_live').on(t.corpId, t.ownerId, t.status, t.id).where(sql`deleted_at is null`),
    // One open case per ID number in a company; also enforced when two intakes race.
    uniqueIndex('clients_corp_id_number_open')
      .on(t.corpId, t.idNumber)
      .where(sql`deleted_at is null and status not in (6, 8, 9) and id_number <> ''`),
  ],
);

/** A note on a case with the next time to contact the client; open until done. */
export const followUps = pgTable(
  'follow_ups',
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
    note: text().notNull(),
    nextContactAt: timestamp({ withTimezone: true }).notNull(),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.corpId, t.staffId, t.nextContactAt), index().on(t.corpId, t.clientId, t.id)],
);

/** A case put to customer service (job 3) for help; open until handled or transferred. */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => clients.id),
    status: text({ enum: ['open', 'done', 'transferred'] }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    requestedBy: integer().references(() => staff.id),
    handledBy: integer().references(() => staff.id),
    toStaffId: integer().references(() => staff.id),
    transferReason: text().notNull().default(''),
    handledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.corpId, t.status), index().on(t.corpId, t.status, t.id), index().on(t.corpId, t.clientId)],
);

/** A salesperson's appeal against a rejection or decision; the team leader decides it. */
export const appeals = pgTable(
  'appeals',
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
    teamId: integer().references(() => teams.id),
    reason: text().notNull(),
    status: text({ enum: ['open', 'approved', 'refused'] }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer().references(() => staff.id),
    decisionReason: text().notNull().default(''),
    decidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.corpId, t.teamId, t.status), index().on(t.corpId, t.staffId), index().on(t.corpId, t.clientId)],
);

/**
 * A signing appointment: an instalment case (`clientId`) or a home-loan client at the bank
 * (`houseClientId`), exactly one of the two. Open tasks sit in the task centre until a signer takes one
 * (first come: a conditional update); the signer records signed or rejected; a rejection waits for the
 * rejection approver (spec: stored value 29), who approves it or sends it back to the signer.
 */
export const signTasks = pgTable(
  'sign_tasks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer().references(() => clients.id),
    houseClientId: integer().references((): AnyPgColumn => houseClients.id),
    signerId: integer().references(() => staff.id),
    status: text({ enum: ['open', 'taken', 'signed', 'rejected', 'reject_approved'] })
      .notNull()
      .default('open'),
    /** When and where the client is expected (the bank branch for a home loan). */
    appointmentAt: timestamp({ withTimezone: true }),
    place: text(),
    /** The signer's note on the outcome; the reason when rejected. */
    outcomeNote: text(),
    /** WeCom OA approval number once the rejection was sent to WeCom (wxWorkApprove). */
    wecomSpNo: text(),
    createdBy: integer().references(() => staff.id),
    takenAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.corpId, t.status),
    index().on(t.corpId, t.signerId, t.status),
    index().on(t.corpId, t.status, t.id),
    // A signer's list, newest first, whatever the status.
    index().on(t.corpId, t.signerId, t.id),
    index().on(t.corpId, t.houseClientId),
    check('sign_tasks_one_subject', sql`(${t.clientId} is null) <> (${t.houseClientId} is null)`),
  ],
);

/** An exam paper given to a staff member; open until they hand it in. */
export const examAssignments = pgTable(
  'exam_assignments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    staffId: integer()
      .notNull()
      .references(() => staff.id),
    title: text().notNull(),
    dueAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.corpId, t.staffId)],
);

/**
 * A home-loan (mortgage) client taken in by a salesperson (`ownerId`), possibly from a channel or referred
 * by another client, looked after by a steward (job 5; 'waiting' is the steward's remind badge). Money in
 * fen. Deleting only marks `deletedAt`: orders and events keep pointing at the row.
 */
export const houseClients = pgTable(
  'house_clients',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    corpId: integer()
      .notNull()
      .references(() => companies.id),
    ownerId: integer()
      .notNull()
      .references(() => staff.id),
    stewardId: integer().references(() => staff.id),
    name: text().notNull(),
    phone: text().notNull(),
    stewardStatus: text({ enum: ['waiting', 'handled'] }).notNull().default('waiting'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The owner's team when taken in or allocated: the team leader's view (houseTeam). */
    teamId: integer().references(() => teams.id),
    /** A house channel (db/schema/house.ts); no foreign key here to keep the two schema files acyclic. */
    channelId: integer(),
    /** The client who referred this one: the referral chain of the detail page. */
    referrerId: integer().references((): AnyPgColumn => houseClients.id),
    idNumber: text(),
    loanAmountFen: bigint({ mode: 'number' }).notNull().default(0),
    termMonths: smallint().notNull().default(240),
    bank: text().notNull().default(''),
    product: text({ enum: ['mortgage', 'card'] }).notNull().default('mortgage'),
    source: text({ enum: ['staff', 'channel', 'official'] }).notNull().default('staff'),
    /** HOUSE_STATUS in packages/domain/src/house: 1 new … 4 signing failed. */
    status: smallint().notNull().default(1),
    remark: text().notNull().default(''),
    brokerageRateBp: integer(),
    brokerageFen: bigint({ mode: 'number' }),
    brokerageState: text({ enum: ['none', 'pending_audit', 'approved', 'rejected'] }).notNull().default('none'),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.corpId, t.stewardId, t.stewardStatus),
    index().on(t.corpId, t.ownerId),
    index().on(t.corpId, t.ownerId, t.id),
    index().on(t.corpId, t.teamId, t.id),
    index().on(t.corpId, t.channelId, t.id),
    index().on(t.corpId, t.id).where(sql`${t.deletedAt} is null`),
    index().on(t.corpId, t.brokerageState, t.id),
  ],
);
