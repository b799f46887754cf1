import { randomInt } from 'node:crypto';
import { toPage, type PageRequest } from '@crm/domain/api/page';
import {
  ATTEMPT_STATUS_LABELS,
  PAPER_STATE_LABELS,
  type AnswerDetail,
  type AnswerListItem,
  type Attempt,
  type AttemptResult,
  type PaperDetail,
  type PaperListItem,
  type PaperState,
  type PaperStats,
} from '@crm/domain/api/exam';
import { RefusedError } from '../../errors.ts';
import { can, mayActor, type Access } from '../access/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import type { ExamRepository } from './exam.repository.ts';
import { EXAM_TEXTS as T } from './exam.texts.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A uniformly random order of 0 … n-1 from the CSPRNG (Fisher–Yates). */
function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

type Question = Awaited<ReturnType<ExamRepository['questions']>>[number];
type AttemptRow = NonNullable<Awaited<ReturnType<ExamRepository['lockAttempt']>>>;

/** A choice question is right when exactly the right options were chosen (no partial marks). */
const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);

/** The question's options in this attempt's order, keyed by their authored index. */
function optionsInOrder(q: Question, attempt: { optionOrder: Record<string, number[]> }) {
  const order = attempt.optionOrder[String(q.id)] ?? q.options.map((_, i) => i);
  return order.flatMap((key) => (q.options[key] === undefined ? [] : [{ key, text: q.options[key] }]));
}

function questionsInOrder(questions: Question[], attempt: { questionOrder: number[] }) {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const ordered = attempt.questionOrder.flatMap((id) => {
    const q = byId.get(id);
    return q ? [q] : [];
  });
  return ordered.length === questions.length ? ordered : questions;
}

export interface ExamServiceDeps {
  repo: ExamRepository;
  access: Access;
}

/**
 * The exam centre and questionnaires (issue 13, decision 050). The database owns the clock: deadlines,
 * the grace for late answers and whether a paper is open are all `now()` of PostgreSQL. The right answers
 * leave the server only in answerDetail of a graded attempt whose paper shows them, or to its marker.
 */
export function createExamService({ repo, access }: ExamServiceDeps) {
  /**
   * Hands an open attempt in and grades what can be graded: the conditional update makes the first
   * submission the only one (a second, or the time-up sweep, is refused). Short answers wait for a marker.
   */
  async function handIn(corpId: number, attemptId: number): Promise<AttemptRow | undefined> {
    return repo.transaction(async (tx) => {
      const closed = await repo.closeAttempt(tx, corpId, attemptId, { status: 'marking', score: null, passed: null });
      if (!closed) return undefined;
      const [questions, answers, paper] = await Promise.all([
        repo.questions(corpId, closed.paperId, tx),
        repo.answersOf(corpId, attemptId, tx),
        findPaper(corpId, closed.paperId, tx),
      ]);
      if (closed.survey || !paper || paper.kind === 'survey') {
        return repo.grade(tx, corpId, attemptId, { status: 'graded', score: null, passed: null });
      }
      const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
      const points = questions.map((q) => {
        const given = byQuestion.get(q.id);
        if (q.type === 'short')
          return { questionId: q.id, points: given && given.text.trim() !== '' ? null : 0, short: true };
        return { questionId: q.id, points: given && sameSet(given.choice, q.answer) ? q.points : 0, short: false };
      });
      await repo.writePoints(tx, corpId, attemptId, points);
      if (points.some((p) => p.points === null)) return closed;
      const score = points.reduce((sum, p) => sum + (p.points ?? 0), 0);
      return repo.grade(tx, corpId, attemptId, { status: 'graded', score, passed: score >= paper.passScore });
    });
  }

  const findPaper = async (corpId: number, id: number, ex?: Parameters<ExamRepository['paperRows']>[2]) =>
    (await repo.paperRows(corpId, [id], ex))[0];

  /** Hands in the caller's attempts whose time ran out (the sweep does every company's hourly too). */
  async function sweepMine(me: StaffIdentity) {
    for (const row of await repo.overdueAttempts(me.corpId, me.id)) await handIn(row.corpId, row.id);
  }

  type PaperRow = Awaited<ReturnType<ExamRepository['papersFor']>>[number];
  type Attempts = Awaited<ReturnType<ExamRepository['attemptsOf']>>;

  function listItem(
    { paper, window, assigned }: PaperRow,
    totals: { count: number; points: number } | undefined,
    attempts: Attempts,
  ): PaperListItem {
    const open = attempts.find((a) => a.status === 'open');
    const handedIn = attempts.filter((a) => a.status !== 'open');
    const scores = handedIn.flatMap((a) => (a.score === null ? [] : [a.score]));
    const left = paper.maxAttempts - attempts.length;
    let state: PaperState;
    if (!assigned) state = 'owned';
    else if (open) state = 'in_progress';
    else if (paper.kind === 'survey') state = handedIn.length > 0 ? 'done' : window === 'open' ? 'open' : window;
    else if (handedIn.some((a) => a.passed)) state = 'passed';
    else if (handedIn.some((a) => a.status === 'marking')) state = 'marking';
    else if (window !== 'open') state = window === 'upcoming' ? 'upcoming' : handedIn.length > 0 ? 'failed' : 'closed';
    else if (left <= 0) state = 'failed';
    else state = 'open';
    return {
      id: paper.id,
      kind: paper.kind,
      title: paper.title,
      question_count: totals?.count ?? 0,
      total_points: totals?.points ?? 0,
      pass_score: paper.passScore,
      time_limit_minutes: paper.timeLimitSec === null ? null : Math.round(paper.timeLimitSec / 60),
      max_attempts: paper.maxAttempts,
      attempts_used: attempts.length,
      best_score: scores.length > 0 ? Math.max(...scores) : null,
      opens_at: iso(paper.opensAt),
      closes_at: iso(paper.closesAt),
      state,
      state_label: PAPER_STATE_LABELS[state],
      attempt_id: open?.id ?? handedIn.at(-1)?.id ?? null,
    };
  }

  async function attemptView(corpId: number, attemptId: number): Promise<Attempt> {
    const row = await repo.attemptClock(corpId, attemptId);
    if (!row) throw new RefusedError(T.attemptNotFound);
    const { attempt, remainingMs } = row;
    const [questions, answers, paper] = await Promise.all([
      repo.questions(corpId, attempt.paperId),
      repo.answersOf(corpId, attempt.id),
      findPaper(corpId, attempt.paperId),
    ]);
    return {
      id: attempt.id,
      paper_id: attempt.paperId,
      kind: paper?.kind ?? 'exam',
      title: paper?.title ?? '',
      deadline_at: iso(attempt.deadlineAt),
      remaining_ms: remainingMs,
      // Never the answer key, the reference or another attempt's order.
      questions: questionsInOrder(questions, attempt).map((q) => ({
        id: q.id,
        type: q.type,
        text: q.text,
        points: q.points,
        options: optionsInOrder(q, attempt),
      })),
      answers: answers.map((a) => ({ question_id: a.questionId, choice: a.choice, text: a.text })),
    };
  }

  /** An answer as typed: keys "0,2" of a choice question, or a short answer's text. */
  function parseAnswer(q: Question, raw: string): { choice: number[]; text: string } {
    if (q.type === 'short') return { choice: [], text: raw.trim() };
    const parts = raw.trim() === '' ? [] : raw.split(',').map((p) => p.trim());
    const keys = parts.map(Number);
    if (keys.some((k) => !Number.isInteger(k) || k < 0 || k >= q.options.length))
      throw new RefusedError(T.choiceInvalid);
    const unique = [...new Set(keys)].sort((a, b) => a - b);
    if (q.type !== 'multiple' && unique.length > 1) throw new RefusedError(T.singleOnlyOne);
    return { choice: unique, text: '' };
  }

  const result = (row: AttemptRow): AttemptResult => ({
    id: row.id,
    status: row.status,
    status_label: ATTEMPT_STATUS_LABELS[row.status] ?? '',
    score: row.score,
    passed: row.passed,
  });

  async function detail(me: StaffIdentity, attemptId: number): Promise<AnswerDetail> {
    const attempt = await access.require(me, 'exam.attempt.read', attemptId);
    const [paper, questions, answers, totals] = await Promise.all([
      findPaper(me.corpId, attempt.paperId),
      repo.questions(me.corpId, attempt.paperId),
      repo.answersOf(me.corpId, attempt.id),
      repo.paperTotals(me.corpId, [attempt.paperId]),
    ]);
    const handedIn = attempt.status !== 'open';
    const isMarker = can(me, 'exam.attempt.mark', attempt);
    // The candidate sees the key once graded and only if the paper allows; a marker once handed in.
    const showsAnswers =
      paper?.kind === 'exam' &&
      handedIn &&
      ((attempt.staffId === me.id && attempt.status === 'graded' && paper.showAnswers) || isMarker);
    const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
    return {
      id: attempt.id,
      paper_id: attempt.paperId,
      paper_title: paper?.title ?? '',
      kind: paper?.kind ?? 'exam',
      staff_name: attempt.staffName,
      status: attempt.status,
      status_label: ATTEMPT_STATUS_LABELS[attempt.status] ?? '',
      score: attempt.score,
      total_points: totals.get(attempt.paperId)?.points ?? 0,
      pass_score: paper?.passScore ?? 0,
      passed: attempt.passed,
      submitted_at: iso(attempt.submittedAt),
      shows_answers: showsAnswers,
      can_mark: isMarker && attempt.status === 'marking',
      questions: questionsInOrder(questions, attempt).map((q) => {
        const given = byQuestion.get(q.id);
        return {
          id: q.id,
          type: q.type,
          text: q.text,
          points: q.points,
          options: optionsInOrder(q, attempt),
          choice: given?.choice ?? [],
          answer_text: given?.text ?? '',
          awarded: handedIn ? (given?.points ?? null) : null,
          correct: showsAnswers && q.type !== 'short' ? q.answer : null,
          reference: showsAnswers && q.type === 'short' ? q.reference : null,
        };
      }),
    };
  }

  return {
    /** Papers assigned to the caller, with where each stands (paperList). */
    async list(me: StaffIdentity): Promise<PaperListItem[]> {
      await sweepMine(me);
      const papers = await repo.papersFor(me);
      const ids = papers.map((p) => p.paper.id);
      const [totals, attempts] = await Promise.all([
        repo.paperTotals(me.corpId, ids),
        repo.attemptsOf(me.corpId, me.id, ids),
      ]);
      return papers.map((row) =>
        listItem(
          row,
          totals.get(row.paper.id),
          attempts.filter((a) => a.paperId === row.paper.id),
        ),
      );
    },

    /** A paper's start page: rules, my attempts, whether I may start (paperDetail). */
    async paper(me: StaffIdentity, id: number): Promise<PaperDetail> {
      // Its candidates, and its owner (who reads its results even when not assigned it).
      const owned = await repo.paperScope(me.corpId, id);
      if (!owned || !can(me, 'exam.paper.results', owned)) await access.require(me, 'exam.paper.take', id);
      await sweepMine(me);
      const [row] = (await repo.papersFor(me)).filter((p) => p.paper.id === id);
      if (!row) throw new RefusedError(T.paperNotFound);
      const [totals, attempts] = await Promise.all([
        repo.paperTotals(me.corpId, [id]),
        repo.attemptsOf(me.corpId, me.id, [id]),
      ]);
      const item = listItem(row, totals.get(id), attempts);
      const blocked = blockedReason(row, attempts);
      return {
        ...item,
        intro: row.paper.intro,
        anonymous: row.paper.anonymous,
        show_answers: row.paper.showAnswers,
        can_start: row.assigned && blocked === '',
        blocked_reason: blocked,
        can_view_results: owned ? can(me, 'exam.paper.results', owned) : false,
        attempts: attempts.map((a) => ({
          id: a.id,
          status: a.status,
          status_label: ATTEMPT_STATUS_LABELS[a.status] ?? '',
          score: a.score,
          passed: a.passed,
          submitted_at: iso(a.submittedAt),
        })),
      };
    },

    /**
     * Starts an attempt, or resumes the open one with its remaining time (paperStart). The deadline is
     * min(start + limit, close) by the database's clock; questions and options are shuffled once, here.
     */
    async start(me: StaffIdentity, id: number): Promise<Attempt> {
      await access.require(me, 'exam.paper.take', id);
      await sweepMine(me);
      const [row] = (await repo.papersFor(me)).filter((p) => p.paper.id === id && p.assigned);
      if (!row) throw new RefusedError(T.paperNotFound);
      const current = await repo.currentAttempt(me.corpId, id, me.id);
      if (current?.status === 'open') return attemptView(me.corpId, current.id);
      const blocked = blockedReason(row, await repo.attemptsOf(me.corpId, me.id, [id]));
      if (blocked) throw new RefusedError(blocked);
      const questions = await repo.questions(me.corpId, id);
      const attemptId = await repo.transaction((tx) =>
        repo.insertAttempt(tx, {
          corpId: me.corpId,
          paperId: id,
          staffId: me.id,
          survey: row.paper.kind === 'survey',
          limitSec: row.paper.timeLimitSec,
          closesAt: row.paper.closesAt,
          questionOrder: shuffled(questions.map((q) => q.id)),
          optionOrder: Object.fromEntries(
            questions.map((q) => [
              String(q.id),
              q.type === 'judge' ? q.options.map((_, i) => i) : shuffled(q.options.map((_, i) => i)),
            ]),
          ),
        }),
      );
      if (attemptId !== undefined) return attemptView(me.corpId, attemptId);
      // Another request of the same person started it first: resume that one.
      const raced = await repo.currentAttempt(me.corpId, id, me.id);
      if (raced?.status === 'open') return attemptView(me.corpId, raced.id);
      throw new RefusedError(row.paper.kind === 'survey' ? T.surveyDone : T.noAttemptsLeft);
    },

    /** Saves one answer as it is chosen (paperAnswer); refused after the deadline plus the grace. */
    async answer(me: StaffIdentity, input: { attempt_id: number; question_id: number; answer: string }) {
      const attempt = await access.require(me, 'exam.attempt.answer', input.attempt_id);
      if (attempt.status !== 'open') throw new RefusedError(T.alreadySubmitted);
      const q = (await repo.questions(me.corpId, attempt.paperId)).find((x) => x.id === input.question_id);
      if (!q) throw new RefusedError(T.questionNotFound);
      const parsed = parseAnswer(q, input.answer);
      const saved = await repo.transaction((tx) =>
        repo.saveAnswer(tx, { corpId: me.corpId, attemptId: attempt.id, questionId: q.id, ...parsed }),
      );
      if (!saved) {
        const now = await repo.attemptClock(me.corpId, attempt.id);
        throw new RefusedError(now?.attempt.status === 'open' ? T.timeUp : T.alreadySubmitted);
      }
      return { saved_at: saved.savedAt.toISOString(), remaining_ms: saved.remainingMs };
    },

    /** Hands the attempt in (paperSubmit): once; a second submission is refused. */
    async submit(me: StaffIdentity, attemptId: number): Promise<AttemptResult> {
      const attempt = await access.require(me, 'exam.attempt.answer', attemptId);
      if (attempt.status !== 'open') throw new RefusedError(T.alreadySubmitted);
      const row = await handIn(me.corpId, attempt.id);
      if (!row) throw new RefusedError(T.alreadySubmitted);
      return result(row);
    },

    /** answerList: my handed-in attempts, those waiting for my marks, or my team's / my papers' scores. */
    async answers(
      me: StaffIdentity,
      q: PageRequest & { scope: 'mine' | 'mark' | 'team'; paper_id?: number | undefined },
    ) {
      if (q.scope === 'mine') await sweepMine(me);
      const teamId = mayActor(me, 'case.list.team') ? me.teamId : null;
      const filter =
        q.scope === 'mine'
          ? { staffId: me.id }
          : {
              teamId,
              ownerId: me.id,
              excludeStaffId: me.id,
              noAnonymous: true,
              ...(q.scope === 'mark' ? { status: 'marking' as const } : {}),
            };
      const rows = await repo.listAttempts(me.corpId, { ...filter, ...(q.paper_id ? { paperId: q.paper_id } : {}) }, q);
      const points = await repo.paperTotals(me.corpId, [...new Set(rows.map((r) => r.paperId))]);
      return toPage(rows, q.limit, (r): AnswerListItem => ({
        id: r.id,
        paper_id: r.paperId,
        paper_title: r.title,
        kind: r.kind,
        staff_name: r.anonymous && q.scope !== 'mine' ? T.anonymous : r.staffName,
        status: r.status,
        status_label: ATTEMPT_STATUS_LABELS[r.status] ?? '',
        score: r.score,
        total_points: points.get(r.paperId)?.points ?? 0,
        passed: r.passed,
        submitted_at: iso(r.submittedAt),
      }));
    },

    /** answerDetail: a handed-in attempt question by question. */
    detail,

    /** A marker's points for one short answer; the attempt is graded once none waits (answerMark). */
    async mark(me: StaffIdentity, input: { attempt_id: number; question_id: number; points: number }) {
      const found = await access.require(me, 'exam.attempt.mark', input.attempt_id);
      await repo.transaction(async (tx) => {
        const attempt = await repo.lockAttempt(tx, me.corpId, found.id);
        if (attempt?.status !== 'marking') throw new RefusedError(T.notWaitingMarks);
        const q = (await repo.questions(me.corpId, attempt.paperId, tx)).find((x) => x.id === input.question_id);
        if (!q) throw new RefusedError(T.questionNotFound);
        if (q.type !== 'short') throw new RefusedError(T.notShortAnswer);
        if (input.points > q.points) throw new RefusedError(T.pointsTooHigh);
        await repo.markAnswer(tx, me.corpId, attempt.id, q.id, input.points, me.id);
        const paper = await findPaper(me.corpId, attempt.paperId, tx);
        await repo.finishMarking(tx, me.corpId, attempt.id, paper?.passScore ?? 0);
      });
      return detail(me, found.id);
    },

    /** A paper's results per question for its owner: option counts (the chart) and short answers. */
    async stats(me: StaffIdentity, id: number): Promise<PaperStats> {
      const paper = await access.require(me, 'exam.paper.results', id);
      const [questions, answers, responses] = await Promise.all([
        repo.questions(me.corpId, id),
        repo.paperAnswers(me.corpId, id),
        repo.responseCount(me.corpId, id),
      ]);
      return {
        id: paper.id,
        title: paper.title,
        kind: paper.kind,
        anonymous: paper.anonymous,
        responses,
        questions: questions.map((q) => {
          const mine = answers.filter((a) => a.questionId === q.id);
          return {
            id: q.id,
            type: q.type,
            text: q.text,
            options: q.options.map((text, key) => ({
              key,
              text,
              count: mine.filter((a) => a.choice.includes(key)).length,
            })),
            texts:
              q.type === 'short'
                ? mine
                    .filter((a) => a.text !== '')
                    .slice(0, 100)
                    .map((a) => ({ text: a.text, staff_name: paper.anonymous ? T.anonymous : a.staffName }))
                : [],
          };
        }),
      };
    },

    /** Hands in every company's attempts whose time ran out (hourly; pages sweep their own at once). */
    async sweepOverdue() {
      for (const row of await repo.allOverdueAttempts()) await handIn(row.corpId, row.id);
    },
  };

  /** Why the person cannot start the paper now ('' when they can). */
  function blockedReason(row: PaperRow, attempts: Attempts): string {
    if (!row.assigned) return '';
    if (attempts.some((a) => a.status === 'open')) return '';
    if (row.paper.kind === 'survey' && attempts.length > 0) return T.surveyDone;
    if (row.window === 'upcoming') return T.notOpenYet;
    if (row.window === 'closed') return T.closed;
    if (attempts.some((a) => a.passed)) return T.alreadyPassed;
    if (attempts.length >= row.paper.maxAttempts) return T.noAttemptsLeft;
    return '';
  }
}

export type ExamService = ReturnType<typeof createExamService>;
