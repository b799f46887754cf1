import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { companyRef, staff, staffRef } from './staff.ts';
import { identity, timestamptz, timestamptzNow, corpRef } from './columns.ts';

/*
 * The exam centre and questionnaires (modules/exam, issue 13, decision 050): papers authored as files and
 * loaded by an admin command, who they are assigned to, attempts whose deadline the database fixes, and
 * the answers saved one by one. Only modules/exam imports this file.
 */

/**
 * A paper: an exam (marks, a pass mark, a time limit, attempts) or a questionnaire (`kind = 'survey'`: no
 * marks, one response per person, anonymous or named). `code` is the file's stable key within the company.
 */
export const examPapers = pgTable(
  'exam_papers',
  {
    id: identity(),
    corpId: companyRef(),
    code: text().notNull(),
    kind: text({ enum: ['exam', 'survey'] }).notNull(),
    title: text().notNull(),
    intro: text().notNull().default(''),
    /** Seconds; null: no time limit (questionnaires). */
    timeLimitSec: integer(),
    passScore: integer().notNull().default(0),
    maxAttempts: smallint().notNull().default(1),
    opensAt: timestamptz(),
    closesAt: timestamptz(),
    /** Whether a candidate sees the right answers once the attempt is graded. */
    showAnswers: boolean().notNull().default(false),
    /** A questionnaire whose results never name the respondent. */
    anonymous: boolean().notNull().default(false),
    /** The leader who owns the paper: reads its results and marks its short answers. */
    ownerId: integer(),
    createdAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('exam_papers_owner_id_fk', t.corpId, t.ownerId, () => staff),
    uniqueIndex().on(t.corpId, t.code),
    check('exam_papers_attempts', sql`${t.maxAttempts} >= 1`),
    check('exam_papers_limit', sql`${t.timeLimitSec} is null or ${t.timeLimitSec} > 0`),
  ],
);

/**
 * A question of a paper. `options`: the choices' texts in authored order; `answer`: the right options'
 * authored indexes (single, multiple, judge: 0 true, 1 false), empty for short answers and questionnaires.
 * `reference`: what a marker reads beside a short answer.
 */
export const examQuestions = pgTable(
  'exam_questions',
  {
    id: identity(),
    corpId: companyRef(),
    paperId: integer().notNull(),
    position: smallint().notNull(),
    type: text({ enum: ['single', 'multiple', 'judge', 'short'] }).notNull(),
    text: text().notNull(),
    options: jsonb().$type<string[]>().notNull(),
    answer: jsonb().$type<number[]>().notNull(),
    reference: text().notNull().default(''),
    points: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('exam_questions_paper_id_fk', t.corpId, t.paperId, () => examPapers).onDelete('cascade'),
    index().on(t.corpId, t.paperId, t.position),
  ],
);

/**
 * Who a paper is for: one staff member, a team, everyone holding a job code, or the whole company
 * (`targetId` 0). Resolved when read, so a person who joins a team later gets its papers.
 */
export const examTargets = pgTable(
  'exam_targets',
  {
    id: identity(),
    corpId: companyRef(),
    paperId: integer().notNull(),
    targetKind: text({ enum: ['staff', 'team', 'job', 'all'] }).notNull(),
    targetId: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('exam_targets_paper_id_fk', t.corpId, t.paperId, () => examPapers).onDelete('cascade'),
    index().on(t.corpId, t.paperId),
  ],
);

/**
 * One sitting of a paper by one person. `deadlineAt` is fixed by the database's clock when the attempt
 * starts (min(start + limit, close)). `status`: open → marking (a short answer waits for a leader) →
 * graded; or open → graded. `questionOrder` and `optionOrder` are this attempt's shuffle.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: identity(),
    corpId: companyRef(),
    paperId: integer().notNull(),
    staffId: staffRef(),
    /** A questionnaire's response (copied from the paper so the one-response index can say it). */
    survey: boolean().notNull().default(false),
    status: text({ enum: ['open', 'marking', 'graded'] })
      .notNull()
      .default('open'),
    startedAt: timestamptzNow(),
    deadlineAt: timestamptz(),
    submittedAt: timestamptz(),
    gradedAt: timestamptz(),
    score: integer(),
    passed: boolean(),
    questionOrder: jsonb().$type<number[]>().notNull(),
    optionOrder: jsonb().$type<Record<string, number[]>>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('exam_attempts_paper_id_fk', t.corpId, t.paperId, () => examPapers).onDelete('cascade'),
    corpRef('exam_attempts_staff_id_fk', t.corpId, t.staffId, () => staff),
    index().on(t.corpId, t.staffId, t.paperId),
    index().on(t.corpId, t.paperId, t.status),
    // One open attempt of an exam per person: two phones starting at once resume one attempt.
    uniqueIndex('exam_attempts_one_open')
      .on(t.corpId, t.paperId, t.staffId)
      .where(sql`status = 'open' and not survey`),
    // One response per person to a questionnaire, open or handed in.
    uniqueIndex('exam_attempts_one_response')
      .on(t.corpId, t.paperId, t.staffId)
      .where(sql`survey`),
  ],
);

/**
 * One saved answer of an attempt: `choice` the chosen options' authored indexes, `text` a short answer.
 * `points` is set when graded (choices at submission, short answers by a marker).
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    id: identity(),
    corpId: companyRef(),
    attemptId: integer().notNull(),
    questionId: integer().notNull(),
    choice: jsonb().$type<number[]>().notNull(),
    text: text().notNull().default(''),
    points: integer(),
    markedBy: integer(),
    savedAt: timestamptzNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.corpId] }),
    corpRef('exam_answers_attempt_id_fk', t.corpId, t.attemptId, () => examAttempts).onDelete('cascade'),
    corpRef('exam_answers_question_id_fk', t.corpId, t.questionId, () => examQuestions).onDelete('cascade'),
    corpRef('exam_answers_marked_by_fk', t.corpId, t.markedBy, () => staff),
    uniqueIndex().on(t.corpId, t.attemptId, t.questionId),
    index().on(t.corpId, t.questionId),
  ],
);
