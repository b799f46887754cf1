import { and, asc, desc, eq, getTableColumns, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { columnsEqual, columnsOf } from '../../db/rows-where.ts';
import type { PageRequest } from '@crm/domain/api/page';
import { ANSWER_GRACE_SECONDS } from '@crm/domain/api/exam';
import type { Db, Tx } from '../../db/client.ts';
import { findInCorp, lockInCorp } from '../../db/find-in-corp.ts';
import { keyset } from '../../db/keyset.ts';
import { examAnswers, examAttempts, examPapers, examQuestions, examTargets } from '../../db/schema/exam.ts';
import { staff, teams } from '../../db/schema/staff.ts';
import type { PaperFile, StoredQuestion } from './paper-file.ts';
import type { Bound } from '../../db/bound.ts';

type Executor = Db | Tx;

/** Who is asking: enough to resolve which papers are theirs (their id, team and jobs). */
export interface Candidate {
  corpId: number;
  id: number;
  teamId: number | null;
  jobs: readonly number[];
}

/** Whether a paper (the outer row of exam_papers) is assigned to the staff member (the outer row of staff). */
const assignedTo = (staffId: SQL | number, teamId: SQL | number | null, jobs: SQL) => sql`exists (
  select 1 from ${examTargets} t where t.corp_id = ${examPapers.corpId} and t.paper_id = ${examPapers.id} and (
    t.target_kind = 'all'
    or (t.target_kind = 'staff' and t.target_id = ${staffId})
    or (t.target_kind = 'team' and t.target_id = ${teamId ?? sql`null`})
    or (t.target_kind = 'job' and t.target_id = any(${jobs}))))`;

const jobsArray = (jobs: readonly number[]) => sql`${`{${jobs.join(',')}}`}::int[]`;

/**
 * Home badge: exams assigned to the person, still open (not closed), with no passed attempt. A scalar
 * subquery over the staff kernel, so a team or job assignment counts without a row per person.
 */
export const unfinishedExamsBadge = (corpId: Bound<number>, staffId: Bound<number>) =>
  sql`(select count(*)::int from ${examPapers} join ${staff} s on s.corp_id = ${examPapers.corpId} and s.id = ${staffId}
    where ${examPapers.corpId} = ${corpId} and ${examPapers.kind} = 'exam'
      and (${examPapers.closesAt} is null or ${examPapers.closesAt} > now())
      and ${assignedTo(sql`s.id`, sql`s.team_id`, sql`s.jobs::int[]`)}
      and not exists (select 1 from ${examAttempts} a where a.corp_id = ${examPapers.corpId}
        and a.paper_id = ${examPapers.id} and a.staff_id = s.id and a.passed))`;

/** A paper as the access policy sees it: its owner and whom it is assigned to. */
export async function findPaperScope(ex: Executor, corpId: number, id: number) {
  const paper = await findInCorp(ex, examPapers, getTableColumns(examPapers), corpId, id);
  if (!paper) return undefined;
  const targets = await ex
    .select({ kind: examTargets.targetKind, targetId: examTargets.targetId })
    .from(examTargets)
    .where(and(eq(examTargets.corpId, corpId), eq(examTargets.paperId, id)));
  return { ...paper, targets };
}

/** An attempt with what the policy asks: whose it is, their team, the paper's owner and anonymity. */
export const findAttemptScope = (ex: Executor, corpId: number, id: number) =>
  findInCorp(
    ex,
    examAttempts,
    {
      ...getTableColumns(examAttempts),
      staffTeamId: staff.teamId,
      staffName: staff.name,
      paperOwnerId: examPapers.ownerId,
      anonymous: examPapers.anonymous,
    },
    corpId,
    id,
    [staff, eq(staff.id, examAttempts.staffId)],
    [examPapers, eq(examPapers.id, examAttempts.paperId)],
  );

const msLeft = sql<
  number | null
>`(case when ${examAttempts.deadlineAt} is null then null else greatest(0, floor(extract(epoch from (${examAttempts.deadlineAt} - now())) * 1000))::bigint end)`.mapWith(
  (value: unknown) => (value === null ? null : Number(value)),
);

export function createExamRepository(db: Db) {
  return {
    transaction: <T>(run: (tx: Tx) => Promise<T>) => db.transaction(run),

    /** Papers assigned to the person or owned by them, newest first (a handful; bounded anyway). */
    papersFor(me: Candidate) {
      const assigned = assignedTo(me.id, me.teamId, jobsArray(me.jobs));
      return db
        .select({
          paper: examPapers,
          assigned: sql<boolean>`${assigned}`,
          window: sql<'upcoming' | 'closed' | 'open'>`(case
            when ${examPapers.opensAt} is not null and ${examPapers.opensAt} > now() then 'upcoming'
            when ${examPapers.closesAt} is not null and ${examPapers.closesAt} <= now() then 'closed'
            else 'open' end)`,
        })
        .from(examPapers)
        .where(and(eq(examPapers.corpId, me.corpId), or(assigned, eq(examPapers.ownerId, me.id))))
        .orderBy(desc(examPapers.id))
        .limit(100);
    },

    /** Question counts and total points per paper. */
    async paperTotals(corpId: number, paperIds: number[]) {
      if (paperIds.length === 0) return new Map<number, { count: number; points: number }>();
      const rows = await db
        .select({
          paperId: examQuestions.paperId,
          count: sql<number>`count(*)::int`.mapWith(Number),
          points: sql<number>`coalesce(sum(${examQuestions.points}), 0)::int`.mapWith(Number),
        })
        .from(examQuestions)
        .where(and(eq(examQuestions.corpId, corpId), inArray(examQuestions.paperId, paperIds)))
        .groupBy(examQuestions.paperId);
      return new Map(rows.map((r) => [r.paperId, { count: r.count, points: r.points }]));
    },

    /** The person's attempts at these papers, oldest first. */
    attemptsOf(corpId: number, staffId: number, paperIds: number[]) {
      if (paperIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(examAttempts)
        .where(and(columnsEqual(examAttempts, { corpId, staffId }), inArray(examAttempts.paperId, paperIds)))
        .orderBy(asc(examAttempts.id));
    },

    paperRows(corpId: number, ids: number[], ex: Executor = db) {
      if (ids.length === 0) return Promise.resolve([]);
      return ex
        .select()
        .from(examPapers)
        .where(and(eq(examPapers.corpId, corpId), inArray(examPapers.id, ids)));
    },

    paperScope: (corpId: number, id: number) => findPaperScope(db, corpId, id),

    questions(corpId: number, paperId: number, ex: Executor = db) {
      return ex
        .select()
        .from(examQuestions)
        .where(and(eq(examQuestions.corpId, corpId), eq(examQuestions.paperId, paperId)))
        .orderBy(asc(examQuestions.position), asc(examQuestions.id));
    },

    /**
     * Starts an attempt whose deadline the database fixes: min(now() + limit, close). Does nothing (answers
     * undefined) when the person already has an open attempt of the exam or a response to the questionnaire:
     * the unique indexes decide, whoever raced.
     */
    async insertAttempt(
      tx: Tx,
      values: {
        corpId: number;
        paperId: number;
        staffId: number;
        survey: boolean;
        limitSec: number | null;
        closesAt: Date | null;
        questionOrder: number[];
        optionOrder: Record<string, number[]>;
      },
    ) {
      const limit =
        values.limitSec === null ? sql`null::timestamptz` : sql`now() + make_interval(secs => ${values.limitSec})`;
      const close =
        values.closesAt === null ? sql`null::timestamptz` : sql`${values.closesAt.toISOString()}::timestamptz`;
      const [row] = await tx
        .insert(examAttempts)
        .values({
          corpId: values.corpId,
          paperId: values.paperId,
          staffId: values.staffId,
          survey: values.survey,
          deadlineAt: sql`least(${limit}, ${close})`,
          questionOrder: values.questionOrder,
          optionOrder: values.optionOrder,
        })
        .onConflictDoNothing()
        .returning({ id: examAttempts.id });
      return row?.id;
    },

    /** The person's open exam attempt or questionnaire response of a paper, if any. */
    async currentAttempt(corpId: number, paperId: number, staffId: number, ex: Executor = db) {
      const [row] = await ex
        .select({ id: examAttempts.id, status: examAttempts.status })
        .from(examAttempts)
        .where(
          and(
            columnsEqual(examAttempts, { corpId, paperId, staffId }),
            sql`(${examAttempts.status} = 'open' or ${examAttempts.survey})`,
          ),
        )
        .orderBy(desc(examAttempts.id))
        .limit(1);
      return row;
    },

    /** An attempt with the time left by the database's clock. */
    attemptClock: (corpId: number, id: number) =>
      findInCorp(db, examAttempts, { attempt: examAttempts, remainingMs: msLeft }, corpId, id),

    answersOf(corpId: number, attemptId: number, ex: Executor = db) {
      return ex
        .select()
        .from(examAnswers)
        .where(and(eq(examAnswers.corpId, corpId), eq(examAnswers.attemptId, attemptId)))
        .orderBy(asc(examAnswers.questionId));
    },

    /**
     * Saves one answer of an open attempt, unless its deadline plus the grace has passed by the database's
     * clock. The attempt row is share-locked, so an answer and the hand-in of the same attempt are judged
     * one after the other. Answers the time it was saved and the time left, or undefined when refused.
     */
    async saveAnswer(
      tx: Tx,
      values: { corpId: number; attemptId: number; questionId: number; choice: number[]; text: string },
    ) {
      const result = await tx.execute<{ saved_at: string | Date; remaining_ms: string | number | null }>(sql`
        with live as (
          select id, deadline_at from ${examAttempts}
          where corp_id = ${values.corpId} and id = ${values.attemptId} and status = 'open'
            and (deadline_at is null or now() <= deadline_at + make_interval(secs => ${ANSWER_GRACE_SECONDS}))
          for share
        ), saved as (
          insert into ${examAnswers} (corp_id, attempt_id, question_id, choice, text, saved_at)
          select ${values.corpId}, live.id, ${values.questionId}, ${JSON.stringify(values.choice)}::jsonb, ${values.text}, now()
          from live
          on conflict (corp_id, attempt_id, question_id)
            do update set choice = excluded.choice, text = excluded.text, saved_at = excluded.saved_at
          returning saved_at
        )
        select saved.saved_at, (select case when deadline_at is null then null
          else greatest(0, floor(extract(epoch from (deadline_at - now())) * 1000))::bigint end from live) as remaining_ms
        from saved`);
      const row = result.rows[0];
      if (!row) return undefined;
      return {
        savedAt: new Date(row.saved_at),
        remainingMs: row.remaining_ms === null ? null : Number(row.remaining_ms),
      };
    },

    /**
     * Hands an open attempt in, once: the conditional update is the guard (two submissions, or a submission
     * and the time-up sweep, grade it once). Answers the attempt as updated, or undefined for the loser.
     */
    async closeAttempt(
      tx: Tx,
      corpId: number,
      id: number,
      outcome: { status: 'marking' | 'graded'; score: number | null; passed: boolean | null },
    ) {
      const [row] = await tx
        .update(examAttempts)
        .set({
          status: outcome.status,
          score: outcome.score,
          passed: outcome.passed,
          submittedAt: sql`now()`,
          gradedAt: outcome.status === 'graded' ? sql`now()` : null,
        })
        .where(and(eq(examAttempts.corpId, corpId), eq(examAttempts.id, id), eq(examAttempts.status, 'open')))
        .returning();
      return row;
    },

    /** The grade of a handed-in attempt (in the hand-in's transaction, after its conditional update). */
    async grade(
      tx: Tx,
      corpId: number,
      id: number,
      outcome: { status: 'graded'; score: number | null; passed: boolean | null },
    ) {
      const [row] = await tx
        .update(examAttempts)
        .set({ ...outcome, gradedAt: sql`now()` })
        .where(and(eq(examAttempts.corpId, corpId), eq(examAttempts.id, id)))
        .returning();
      return row;
    },

    /** Points of each answer as graded (choices at hand-in); unanswered short questions get an empty 0. */
    async writePoints(
      tx: Tx,
      corpId: number,
      attemptId: number,
      points: { questionId: number; points: number | null }[],
    ) {
      for (const p of points)
        await tx
          .insert(examAnswers)
          .values({ corpId, attemptId, questionId: p.questionId, choice: [], text: '', points: p.points })
          .onConflictDoUpdate({
            target: [examAnswers.corpId, examAnswers.attemptId, examAnswers.questionId],
            set: { points: p.points },
          });
    },

    /** Locks an attempt for marking (markers of one attempt are judged one after the other). */
    lockAttempt: (tx: Tx, corpId: number, id: number) =>
      lockInCorp(tx, examAttempts, getTableColumns(examAttempts), corpId, id),

    async markAnswer(tx: Tx, corpId: number, attemptId: number, questionId: number, points: number, by: number) {
      await tx
        .update(examAnswers)
        .set({ points, markedBy: by })
        .where(
          and(
            eq(examAnswers.corpId, corpId),
            eq(examAnswers.attemptId, attemptId),
            eq(examAnswers.questionId, questionId),
          ),
        );
    },

    /** Finishes marking when no answer waits for points: the score is their sum. */
    async finishMarking(tx: Tx, corpId: number, attemptId: number, passScore: number) {
      const [row] = await tx
        .update(examAttempts)
        .set({
          status: 'graded',
          gradedAt: sql`now()`,
          score: sql`(select coalesce(sum(points), 0)::int from ${examAnswers} where corp_id = ${corpId} and attempt_id = ${attemptId})`,
          passed: sql`(select coalesce(sum(points), 0) >= ${passScore} from ${examAnswers} where corp_id = ${corpId} and attempt_id = ${attemptId})`,
        })
        .where(
          and(
            eq(examAttempts.corpId, corpId),
            eq(examAttempts.id, attemptId),
            eq(examAttempts.status, 'marking'),
            sql`not exists (select 1 from ${examAnswers} where corp_id = ${corpId} and attempt_id = ${attemptId} and points is null)`,
          ),
        )
        .returning();
      return row;
    },

    /** The person's open attempts whose time (plus the grace) ran out: the sweep hands them in. */
    async overdueAttempts(corpId: number, staffId: number | null) {
      const rows = await db
        .select({ id: examAttempts.id, corpId: examAttempts.corpId })
        .from(examAttempts)
        .where(
          and(
            eq(examAttempts.corpId, corpId),
            staffId === null ? undefined : eq(examAttempts.staffId, staffId),
            eq(examAttempts.status, 'open'),
            sql`${examAttempts.deadlineAt} + make_interval(secs => ${ANSWER_GRACE_SECONDS}) < now()`,
          ),
        )
        .limit(50);
      return rows;
    },

    /** Every company's overdue attempts (the periodic sweep). */
    allOverdueAttempts() {
      return db
        .select({ id: examAttempts.id, corpId: examAttempts.corpId })
        .from(examAttempts)
        .where(
          and(
            eq(examAttempts.status, 'open'),
            sql`${examAttempts.deadlineAt} + make_interval(secs => ${ANSWER_GRACE_SECONDS}) < now()`,
          ),
        )
        .limit(500);
    },

    /**
     * Handed-in attempts, newest first on the keyset contract: the person's own (`staffId`), those waiting for
     * a marker (`marking`), or the scores of a team or of papers the caller owns.
     */
    async listAttempts(
      corpId: number,
      filter: {
        staffId?: number;
        status?: 'marking' | 'graded';
        teamId?: number | null;
        ownerId?: number;
        excludeStaffId?: number;
        paperId?: number;
        noAnonymous?: boolean;
      },
      page: PageRequest,
    ) {
      const scope =
        filter.teamId !== undefined || filter.ownerId !== undefined
          ? sql`(${filter.teamId !== undefined && filter.teamId !== null ? sql`${staff.teamId} = ${filter.teamId}` : sql`false`}
              or ${filter.ownerId !== undefined ? sql`${examPapers.ownerId} = ${filter.ownerId}` : sql`false`})`
          : undefined;
      return keyset(page, examAttempts.id, (limit, before) =>
        db
          .select({
            ...columnsOf(examAttempts, ['id', 'paperId', 'status', 'score', 'passed', 'submittedAt']),
            ...columnsOf(examPapers, ['title', 'kind', 'anonymous']),
            staffName: staff.name,
          })
          .from(examAttempts)
          .innerJoin(examPapers, eq(examPapers.id, examAttempts.paperId))
          .innerJoin(staff, eq(staff.id, examAttempts.staffId))
          .where(
            and(
              columnsEqual(examAttempts, {
                corpId,
                staffId: filter.staffId,
                status: filter.status || undefined,
                paperId: filter.paperId,
              }),
              ne(examAttempts.status, 'open'),
              filter.excludeStaffId !== undefined ? ne(examAttempts.staffId, filter.excludeStaffId) : undefined,
              filter.noAnonymous ? eq(examPapers.anonymous, false) : undefined,
              scope,
              before,
            ),
          )
          .orderBy(desc(examAttempts.id))
          .limit(limit),
      );
    },

    /** Every handed-in answer of a paper (the owner's results), with who gave it. */
    paperAnswers(corpId: number, paperId: number) {
      return db
        .select({ ...columnsOf(examAnswers, ['questionId', 'choice', 'text']), staffName: staff.name })
        .from(examAnswers)
        .innerJoin(examAttempts, eq(examAttempts.id, examAnswers.attemptId))
        .innerJoin(staff, eq(staff.id, examAttempts.staffId))
        .where(and(eq(examAnswers.corpId, corpId), eq(examAttempts.paperId, paperId), ne(examAttempts.status, 'open')))
        .orderBy(desc(examAnswers.id))
        .limit(5000);
    },

    async responseCount(corpId: number, paperId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(examAttempts)
        .where(
          and(eq(examAttempts.corpId, corpId), eq(examAttempts.paperId, paperId), ne(examAttempts.status, 'open')),
        );
      return row?.n ?? 0;
    },

    /**
     * Loads a paper file into a company (the admin command, the seed): replaces a paper of the same code that
     * nobody has started yet, in one transaction. Staff are named by phone, teams by name.
     */
    async loadPaper(corpId: number, paper: PaperFile, questions: StoredQuestion[]) {
      return db.transaction(async (tx) => {
        const people = await tx
          .select({ id: staff.id, phone: staff.phone })
          .from(staff)
          .where(eq(staff.corpId, corpId));
        const teamRows = await tx
          .select({ id: teams.id, name: teams.name })
          .from(teams)
          .where(eq(teams.corpId, corpId));
        const byPhone = (phone: string) => {
          const found = people.find((p) => p.phone === phone);
          if (!found) throw new Error(`该公司没有手机号为 ${phone} 的员工`);
          return found.id;
        };
        const targets = paper.assign.map((t) => {
          if ('staff' in t) return { targetKind: 'staff' as const, targetId: byPhone(t.staff) };
          if ('team' in t) {
            const team = teamRows.find((r) => r.name === t.team);
            if (!team) throw new Error(`该公司没有名为 ${t.team} 的团队`);
            return { targetKind: 'team' as const, targetId: team.id };
          }
          if ('job' in t) return { targetKind: 'job' as const, targetId: t.job };
          return { targetKind: 'all' as const, targetId: 0 };
        });
        const [existing] = await tx
          .select({ id: examPapers.id })
          .from(examPapers)
          .where(and(eq(examPapers.corpId, corpId), eq(examPapers.code, paper.code)));
        if (existing) {
          const [started] = await tx
            .select({ id: examAttempts.id })
            .from(examAttempts)
            .where(and(eq(examAttempts.corpId, corpId), eq(examAttempts.paperId, existing.id)))
            .limit(1);
          if (started) throw new Error(`试卷 ${paper.code} 已有人作答，不能覆盖；请换一个 code 另建新卷`);
          await tx.delete(examPapers).where(eq(examPapers.id, existing.id));
        }
        const [row] = await tx
          .insert(examPapers)
          .values({
            corpId,
            code: paper.code,
            kind: paper.kind,
            title: paper.title,
            intro: paper.intro,
            timeLimitSec: paper.time_limit_minutes === null ? null : paper.time_limit_minutes * 60,
            passScore: paper.pass_score,
            maxAttempts: paper.kind === 'survey' ? 1 : paper.max_attempts,
            opensAt: paper.opens_at === null ? null : new Date(paper.opens_at),
            closesAt: paper.closes_at === null ? null : new Date(paper.closes_at),
            showAnswers: paper.show_answers,
            anonymous: paper.kind === 'survey' && paper.anonymous,
            ownerId: paper.owner === null ? null : byPhone(paper.owner),
          })
          .returning({ id: examPapers.id });
        if (!row) throw new Error('paper not stored');
        await tx
          .insert(examQuestions)
          .values(questions.map((q, position) => ({ corpId, paperId: row.id, position, ...q })));
        await tx.insert(examTargets).values(targets.map((t) => ({ corpId, paperId: row.id, ...t })));
        return row.id;
      });
    },
  };
}

export type ExamRepository = ReturnType<typeof createExamRepository>;
