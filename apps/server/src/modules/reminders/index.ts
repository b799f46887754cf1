import type { Tx } from '../../db/client.ts';
import { insertJob, purgeFinishedJobs, type NewJob } from './reminders.repository.ts';
import { REMINDER_TEXTS } from './reminders.texts.ts';

/*
 * The public surface of modules/reminders (decision 058): other modules queue a reminder in the transaction of
 * the change that causes it (an outbox). One event is queued at most once: its key is unique per kind.
 */

export { createRemindersRepository } from './reminders.repository.ts';
export type { JobKind, NewJob } from './reminders.repository.ts';
export type { ContactAddEvent } from '../../db/schema/reminders.ts';
export { createRemindersService, LEASE_MS, MAX_ATTEMPTS, backoffMs } from './reminders.service.ts';
export type { RemindersService } from './reminders.service.ts';
export { remindersRoutes } from './reminders.routes.ts';

/** The cards' words, for the module that queues one. */
export const reminderCards = REMINDER_TEXTS;

/** Queues a WeCom reminder inside the caller's transaction; false when that event was queued already. */
export const enqueueReminder = (tx: Tx, job: NewJob) => insertJob(tx, job);

/** Deletes jobs finished (sent, failed for good, skipped) before `before` (retention, decision 071). */
export { purgeFinishedJobs };
