import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp } from '../../db/find-in-corp.ts';
import { keyset } from '../../db/keyset.ts';
import { jobs, type ContactAddEvent, type ReminderCard } from '../../db/schema/reminders.ts';
import { staff } from '../../db/schema/staff.ts';

type Executor = Db | Tx;
export type JobRow = typeof jobs.$inferSelect;
export type JobKind =
  | 'followup-due'
  | 'followup-overdue'
  | 'case-moved'
  | 'proof-rejected'
  | 'appeal-decided'
  | 'brokerage-approved'
  | 'statement-sent'
  // customer ownership (decision 066)
  | 'case-claimed'
  | 'case-reassigned'
  | 'case-left'
  | 'pool-warning'
  | 'case-merged'
  | 'case-nudge'
  // a task, not a message: the seal's RFC 3161 timestamp, retried while the TSA is away (decision 054)
  | 'esign-timestamp'
  // a task: the SMS reminder of an unsigned e-sign order, once per kind (issue 48)
  | 'esign-remind'
  // a post to a WeCom group robot, retried while WeCom is away (issue 50, decision 076)
  | 'robot-post'
  // a customer's add through a 渠道活码, tagged and filed after WeCom's callback was answered (decision 083)
  | 'contact-way-add';

export interface NewJob {
  corpId: number;
  kind: JobKind;
  /** The event the job is for, unique within its kind: a second enqueue of one event is a no-op. */
  eventKey: string;
  recipientId: number | null;
  card: ReminderCard;
  followUpId?: number;
  /** The e-sign order a task job works on. */
  esignOrderId?: number;
  /** The group robot a robot-post job posts through. */
  robotId?: number;
  /** The add-contact event a contact-way-add job tags and files. */
  contactAdd?: ContactAddEvent;
  runAt: Date;
  createdAt: Date;
}

/** Queues a job in the caller's transaction (the outbox); false when that event was queued already. */
export async function insertJob(ex: Executor, job: NewJob): Promise<boolean> {
  const rows = await ex
    .insert(jobs)
    .values({
      corpId: job.corpId,
      kind: job.kind,
      dedupeKey: `${job.kind}:${job.eventKey}`,
      recipientId: job.recipientId,
      payload: {
        ...job.card,
        ...(job.followUpId === undefined ? {} : { followUpId: job.followUpId }),
        ...(job.esignOrderId === undefined ? {} : { esignOrderId: job.esignOrderId }),
        ...(job.robotId === undefined ? {} : { robotId: job.robotId }),
        ...(job.contactAdd === undefined ? {} : { contactAdd: job.contactAdd }),
      },
      runAt: job.runAt,
      createdAt: job.createdAt,
    })
    .onConflictDoNothing({ target: [jobs.corpId, jobs.dedupeKey] })
    .returning({ id: jobs.id });
  return rows.length > 0;
}

export function createRemindersRepository(db: Db) {
  return {
    db,
    insertJob: (job: NewJob) => insertJob(db, job),
    insertJobIn: (tx: Tx, job: NewJob) => insertJob(tx, job),

    /**
     * Takes up to `limit` due jobs for this worker until `lockedUntil`: a queued job, or a running one whose
     * worker's lease ran out (it died mid-job). SKIP LOCKED lets two workers scan at once and take disjoint
     * rows; `attempts` goes up with every claim and fences the finish (a worker whose lease was taken over
     * finds its attempt number gone and writes nothing).
     */
    async claim(at: Date, lockedUntil: Date, limit: number): Promise<JobRow[]> {
      const result = await db.execute<{ id: number }>(sql`
        update ${jobs} set status = 'running', attempts = ${jobs.attempts} + 1, locked_until = ${lockedUntil.toISOString()}
        where ${jobs.id} in (
          select j.id from ${jobs} j
          where j.status in ('queued', 'running') and j.run_at <= ${at.toISOString()}
            and (j.locked_until is null or j.locked_until <= ${at.toISOString()})
          order by j.run_at, j.id
          limit ${limit}
          for update skip locked
        )
        returning ${jobs.id} as id`);
      const ids = result.rows.map((row) => Number(row.id));
      if (ids.length === 0) return [];
      return db.select().from(jobs).where(inArray(jobs.id, ids)).orderBy(jobs.runAt, jobs.id);
    },

    /** The claimed attempt ends: done (sent), skipped (nothing to send any more) or back to the queue. */
    async finish(
      ex: Executor,
      job: Pick<JobRow, 'id' | 'attempts'>,
      outcome:
        | { status: 'done' | 'skipped'; at: Date; note?: string }
        | { status: 'queued' | 'failed'; runAt: Date; error: string },
    ): Promise<boolean> {
      const set =
        'runAt' in outcome
          ? { status: outcome.status, runAt: outcome.runAt, lastError: outcome.error.slice(0, 500), lockedUntil: null }
          : { status: outcome.status, doneAt: outcome.at, lastError: outcome.note ?? '', lockedUntil: null };
      const rows = await ex
        .update(jobs)
        .set(set)
        .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), eq(jobs.status, 'running')))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** A person's WeCom member id (null until their first login inside WeCom binds it). */
    recipient: (corpId: number, staffId: number) =>
      findInCorp(
        db,
        staff,
        { id: staff.id, wxworkId: staff.wxworkId, teamId: staff.teamId, isActive: staff.isActive },
        corpId,
        staffId,
      ),

    /** The active leaders of a team: whom an overdue follow-up goes up to. */
    async leadersOf(corpId: number, teamId: number) {
      return db
        .select({ id: staff.id })
        .from(staff)
        .where(
          and(eq(staff.corpId, corpId), eq(staff.teamId, teamId), eq(staff.isLeader, true), eq(staff.isActive, true)),
        );
    },

    /** The messages sent to a person, newest first (the 消息记录 page). */
    sentTo: (corpId: number, staffId: number, page: { cursor: number | null; limit: number }) =>
      keyset(page, jobs.id, (limit, before) =>
        db
          .select({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, doneAt: jobs.doneAt })
          .from(jobs)
          .where(and(eq(jobs.corpId, corpId), eq(jobs.recipientId, staffId), eq(jobs.status, 'done'), before))
          .orderBy(desc(jobs.id))
          .limit(limit),
      ),
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;

/**
 * Deletes the jobs finished (sent, failed for good, skipped) before `before`, every company's (retention, decision
 * 071): a queued or running job stays however old. Answers how many went.
 */
export async function purgeFinishedJobs(ex: Executor, before: Date) {
  const gone = await ex
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed', 'skipped']),
        sql`coalesce(${jobs.doneAt}, ${jobs.createdAt}) < ${before.toISOString()}`,
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}
