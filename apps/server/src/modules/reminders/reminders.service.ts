import type { Clock } from '../../clock.ts';
import { WecomError, type WecomAdapter } from '../../adapters/wecom/index.ts';
import type { JobKind, JobRow, RemindersRepository } from './reminders.repository.ts';
import { REMINDER_TEXTS as T } from './reminders.texts.ts';

/** A worker holds a claimed job this long; one that dies mid-job leaves it to be taken again after that. */
export const LEASE_MS = 2 * 60_000;
/** Tries before a job is given up as failed: with the backoff below, about an hour of WeCom being away. */
export const MAX_ATTEMPTS = 7;
/** Wait before the next try: 30 s doubled per failed attempt, at most 30 minutes. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);

export interface RemindersDeps {
  repo: RemindersRepository;
  wecom: WecomAdapter;
  now: Clock;
  /** Where the cards link to: the app's public origin (PUBLIC_URL). */
  publicUrl: string;
  /** A follow-up still open this long after its time goes up to the team's leader. */
  escalateAfterMs: number;
  /** The open follow-up behind a reminder (modules/cases), or undefined once done. */
  openFollowUp: (
    corpId: number,
    id: number,
  ) => Promise<
    { staffId: number; staffName: string; clientName: string; note: string; nextContactAt: Date } | undefined
  >;
  log?: (message: string, error: unknown) => void;
  /**
   * Jobs that are work, not a card: the kind's own run (a throw retries it with the backoff) and how many
   * tries it gets before it is given up.
   */
  tasks?: Partial<Record<JobKind, { run: (job: JobRow) => Promise<void>; maxAttempts: number }>>;
}

/**
 * The reminder worker (decision 058): drains the jobs table with FOR UPDATE SKIP LOCKED, sends each card
 * through the WeCom adapter and marks it done; a failed send goes back to the queue with a backoff. Any
 * number of server processes may run it on one database: a job is claimed by one worker at a time, and
 * a retry after a crash is dropped by WeCom's duplicate check (the card of one job is always the same).
 */
export function createRemindersService(deps: RemindersDeps) {
  const { repo, wecom, now, publicUrl, escalateAfterMs, openFollowUp } = deps;
  const link = (path: string, jobId: number) =>
    `${publicUrl.replace(/\/+$/, '')}${path}${path.includes('?') ? '&' : '?'}from=wecom&m=${jobId}`;

  /** The member id a card goes to: the bound WeCom userid; offline, a stand-in so the demo sends. */
  async function addressOf(job: JobRow): Promise<{ toUserId: string } | { skip: string }> {
    const person = job.recipientId === null ? undefined : await repo.recipient(job.corpId, job.recipientId);
    if (!person?.isActive) return { skip: T.inactive };
    const toUserId = person.wxworkId ?? (wecom.kind === 'demo' ? `demo-staff-${person.id}` : null);
    return toUserId ? { toUserId } : { skip: T.notBound };
  }

  /** When a follow-up's reminder has run, its escalation is queued for the leaders, in the same transaction. */
  async function finishFollowUpDue(job: JobRow, outcome: { status: 'done' | 'skipped'; note?: string }) {
    const followUpId = job.payload.followUpId;
    const followUp = followUpId === undefined ? undefined : await openFollowUp(job.corpId, followUpId);
    const person = job.recipientId === null ? undefined : await repo.recipient(job.corpId, job.recipientId);
    const leaders = person?.teamId ? await repo.leadersOf(job.corpId, person.teamId) : [];
    await repo.transaction(async (tx) => {
      const finished = await repo.finish(tx, job, { ...outcome, at: now() });
      if (!finished || !followUp || followUpId === undefined) return;
      for (const leader of leaders.filter((l) => l.id !== job.recipientId)) {
        await repo.insertJobIn(tx, {
          corpId: job.corpId,
          kind: 'followup-overdue',
          eventKey: `${followUpId}:${leader.id}`,
          recipientId: leader.id,
          card: {
            ...T.followUpOverdue(followUp.clientName, followUp.staffName, followUp.note),
            path: job.payload.path,
          },
          followUpId,
          runAt: new Date(followUp.nextContactAt.getTime() + escalateAfterMs),
          createdAt: now(),
        });
      }
    });
  }

  async function run(job: JobRow): Promise<'done' | 'skipped' | 'retry' | 'failed'> {
    const task = deps.tasks?.[job.kind as JobKind];
    try {
      if (task) {
        await task.run(job);
        await repo.finish(repo.db, job, { status: 'done', at: now() });
        return 'done';
      }
      if (job.kind === 'followup-due' || job.kind === 'followup-overdue') {
        const id = job.payload.followUpId;
        if (id === undefined || !(await openFollowUp(job.corpId, id))) {
          await repo.finish(repo.db, job, { status: 'skipped', at: now(), note: T.followUpDone });
          return 'skipped';
        }
      }
      const address = await addressOf(job);
      if ('skip' in address) {
        if (job.kind === 'followup-due') await finishFollowUpDue(job, { status: 'skipped', note: address.skip });
        else await repo.finish(repo.db, job, { status: 'skipped', at: now(), note: address.skip });
        return 'skipped';
      }
      await wecom.sendTextCard({
        toUserId: address.toUserId,
        title: job.payload.title,
        description: job.payload.description,
        url: link(job.payload.path, job.id),
      });
      if (job.kind === 'followup-due') await finishFollowUpDue(job, { status: 'done' });
      else await repo.finish(repo.db, job, { status: 'done', at: now() });
      return 'done';
    } catch (error) {
      deps.log?.(`reminder ${job.id} (${job.kind}) failed on attempt ${job.attempts}`, error);
      const final = job.attempts >= (task?.maxAttempts ?? MAX_ATTEMPTS);
      // WeCom's own errcode and errmsg say why; the WecomError's message is the user-facing one.
      const message =
        error instanceof WecomError
          ? `${error.errcode} ${error.errmsg ?? ''}`
          : error instanceof Error
            ? error.message
            : String(error);
      await repo.finish(repo.db, job, {
        status: final ? 'failed' : 'queued',
        runAt: new Date(now().getTime() + backoffMs(job.attempts)),
        error: message,
      });
      return final ? 'failed' : 'retry';
    }
  }

  /** One pass: claims the due jobs (up to `limit`) and runs them; answers how many it claimed. */
  async function drainOnce(limit = 20): Promise<number> {
    const at = now();
    const claimed = await repo.claim(at, new Date(at.getTime() + LEASE_MS), limit);
    for (const job of claimed) await run(job);
    return claimed.length;
  }

  return {
    drainOnce,

    /**
     * The loop of a server process: a pass every `intervalMs`, and passes back to back while a pass finds
     * a full batch. Answers a stop function that waits for the pass under way.
     */
    start(intervalMs = 5_000) {
      let stopped = false;
      let running: Promise<void> = Promise.resolve();
      const tick = () => {
        running = (async () => {
          while (!stopped && (await drainOnce(20)) === 20);
        })().catch((error: unknown) => deps.log?.('reminder pass failed', error));
      };
      const timer = setInterval(() => {
        void running.then(tick);
      }, intervalMs);
      timer.unref();
      return async () => {
        stopped = true;
        clearInterval(timer);
        await running;
      };
    },

    /** The cards sent to the caller, newest first (消息记录). */
    async sentTo(me: { corpId: number; id: number }, page: { cursor: number | null; limit: number }) {
      const rows = await repo.sentTo(me.corpId, me.id, page);
      const more = rows.length > page.limit;
      const shown = more ? rows.slice(0, page.limit) : rows;
      return {
        list: shown.map((row) => ({
          id: row.id,
          kind: row.kind,
          title: row.payload.title,
          description: row.payload.description,
          path: row.payload.path,
          sent_at: row.doneAt?.toISOString() ?? '',
        })),
        next_cursor: more ? (shown.at(-1)?.id ?? null) : null,
      };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
