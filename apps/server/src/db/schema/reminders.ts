import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, uniqueIndex, primaryKey } from 'drizzle-orm/pg-core';
import { companyRef, staff } from './staff.ts';
import { identity, timestamptz, corpRef } from './columns.ts';

/*
 * The durable job queue of modules/reminders (decision 058). Only that module imports this file.
 */

/** What a reminder says: a WeCom text card (title, description, the page it opens). */
export interface ReminderCard {
  title: string;
  description: string;
  /** The app's path the card opens (e.g. /business/detail/12); the sender makes it absolute. */
  path: string;
}

/** WeCom's add-contact event as its callback said it (渠道活码, decision 083). */
export interface ContactAddEvent {
  userId: string;
  externalUserId: string;
  state: string;
  /** WeCom's CreateTime, seconds. */
  createTime: number;
}

/**
 * One thing to send, enqueued in the same transaction as the change that causes it (an outbox). The dedupe
 * key names the event ("followup-due:12", "appeal-decided:7"): a second enqueue of one event is a no-op, so an
 * event is queued at most once. A worker claims due rows with FOR UPDATE SKIP LOCKED and holds them until
 * `locked_until`; a worker that dies mid-job leaves the lease to run out, and the next worker takes it again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: identity(),
    corpId: companyRef(),
    kind: text().notNull(),
    dedupeKey: text().notNull(),
    /** Whom the message is for; null for a job that is not a message. */
    recipientId: integer(),
    /** A card's words; a task job (no recipient, e.g. an e-sign timestamp retry) names its record instead. */
    payload: jsonb()
      .$type<
        ReminderCard & { followUpId?: number; esignOrderId?: number; robotId?: number; contactAdd?: ContactAddEvent }
      >()
      .notNull(),
    status: text({ enum: ['queued', 'running', 'done', 'failed', 'skipped'] })
      .notNull()
      .default('queued'),
    attempts: smallint().notNull().default(0),
    runAt: timestamptz().notNull(),
    lockedUntil: timestamptz(),
    lastError: text().notNull().default(''),
    doneAt: timestamptz(),
    createdAt: timestamptz().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('jobs_recipient_id_fk', t.corpId, t.recipientId, () => staff),
    uniqueIndex('jobs_corp_dedupe_key').on(t.corpId, t.dedupeKey),
    // What a worker scans: the unfinished jobs, by when they are due.
    index('jobs_due')
      .on(t.runAt)
      .where(sql`status in ('queued', 'running')`),
    // A person's messages page, newest first.
    index().on(t.corpId, t.recipientId, t.id),
  ],
);
