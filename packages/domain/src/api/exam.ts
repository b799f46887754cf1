import { z } from 'zod';
import { rowIdSchema, wholeNumberSchema } from './bounds.ts';
import { pageRequestSchema, pageSchema } from './page.ts';
import { labelledStatus } from './rows.ts';

/*
 * The exam centre and questionnaires (spec §2 /exam, §7 paperList, paperDetail, paperAnswer, answerList,
 * answerDetail; issue 13, docs/decisions/050). The server owns the clock and the answers: an attempt's
 * deadline is the database's, its questions come shuffled, and the right answers reach the phone only once
 * the attempt is graded and the paper allows it.
 */

export const EXAM_MESSAGES = {
  idInvalid: '记录无效',
  answerTooLong: '答案不能超过 2000 个字',
  answerInvalid: '答案格式不正确',
  pointsInvalid: '请填写 0 及以上的整数分',
} as const;
const M = EXAM_MESSAGES;

export const QUESTION_TYPES = ['single', 'multiple', 'judge', 'short'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABELS: Readonly<Record<QuestionType, string>> = {
  single: '单选题',
  multiple: '多选题',
  judge: '判断题',
  short: '简答题',
};

/** Seconds after the deadline in which an answer already on its way is still taken (decision 050). */
export const ANSWER_GRACE_SECONDS = 30;

/**
 * Where a paper stands for the person: what the list shows and which button it offers. `owned`: a paper the
 * caller owns (reads its results) without being assigned it.
 */
export const PAPER_STATES = [
  'upcoming',
  'open',
  'in_progress',
  'marking',
  'passed',
  'failed',
  'done',
  'closed',
  'owned',
] as const;
export type PaperState = (typeof PAPER_STATES)[number];
export const PAPER_STATE_LABELS: Readonly<Record<PaperState, string>> = {
  upcoming: '未开始',
  open: '待参加',
  in_progress: '答题中',
  marking: '待阅卷',
  passed: '已通过',
  failed: '未通过',
  done: '已提交',
  closed: '已截止',
  owned: '我负责的',
};

const examId = rowIdSchema(M.idInvalid);

/** An attempt's grade: null while it is open or being marked. */
const gradeFields = { score: z.number().int().nullable(), passed: z.boolean().nullable() };
export const examIdQuerySchema = z.object({ id: examId });

export const paperKindSchema = z.enum(['exam', 'survey']);

export const paperListItemSchema = z.object({
  id: z.number().int(),
  kind: paperKindSchema,
  title: z.string(),
  question_count: z.number().int(),
  total_points: z.number().int(),
  pass_score: z.number().int(),
  time_limit_minutes: z.number().int().nullable(),
  max_attempts: z.number().int(),
  attempts_used: z.number().int(),
  best_score: z.number().int().nullable(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  state: z.enum(PAPER_STATES),
  state_label: z.string(),
  /** The attempt to resume, or the last one to review. */
  attempt_id: z.number().int().nullable(),
});
export type PaperListItem = z.infer<typeof paperListItemSchema>;
export const paperListSchema = z.array(paperListItemSchema);

export const paperDetailSchema = paperListItemSchema.extend({
  intro: z.string(),
  anonymous: z.boolean(),
  show_answers: z.boolean(),
  can_start: z.boolean(),
  /** Why it cannot be started, when it cannot. */
  blocked_reason: z.string(),
  can_view_results: z.boolean(),
  attempts: z.array(
    z.object({
      id: z.number().int(),
      ...labelledStatus(z.string()),
      ...gradeFields,
      submitted_at: z.string().nullable(),
    }),
  ),
});
export type PaperDetail = z.infer<typeof paperDetailSchema>;

/** A question as the candidate sees it while answering: options in this attempt's order, no answer key. */
export const attemptQuestionSchema = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  points: z.number().int(),
  /** `key`: the option's authored index, what an answer names. */
  options: z.array(z.object({ key: z.number().int(), text: z.string() })),
});
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/** A saved answer: chosen option keys, or a short answer's text. */
export const savedAnswerSchema = z.object({
  question_id: z.number().int(),
  choice: z.array(z.number().int()),
  text: z.string(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

/** An open attempt (paperStart): the questions shuffled, what was saved, and the time left by the server. */
export const attemptSchema = z.object({
  id: z.number().int(),
  paper_id: z.number().int(),
  kind: paperKindSchema,
  title: z.string(),
  deadline_at: z.string().nullable(),
  /** Milliseconds until the deadline by the database's clock when answered; null without a limit. */
  remaining_ms: z.number().int().nullable(),
  questions: z.array(attemptQuestionSchema),
  answers: z.array(savedAnswerSchema),
});
export type Attempt = z.infer<typeof attemptSchema>;

/**
 * One answer, saved as it is chosen: `answer` is the chosen keys joined by commas ("2", "0,3") for a choice,
 * or the text of a short answer.
 */
export const paperAnswerRequestSchema = z.object({
  attempt_id: examId,
  question_id: examId,
  answer: z.string({ error: M.answerInvalid }).max(2000, M.answerTooLong).default(''),
});
export const paperAnswerSchema = z.object({ saved_at: z.string(), remaining_ms: z.number().int().nullable() });

export const attemptIdRequestSchema = z.object({ attempt_id: examId });

export const attemptResultSchema = z.object({
  id: z.number().int(),
  ...labelledStatus(z.enum(['open', 'marking', 'graded'])),
  ...gradeFields,
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

export const ATTEMPT_STATUS_LABELS: Readonly<Record<string, string>> = {
  open: '答题中',
  marking: '待阅卷',
  graded: '已出分',
};

/** answerList: `mine` my handed-in attempts; `mark` (leaders, paper owners) attempts waiting for marking; `team` scores by person. */
export const answerListRequestSchema = pageRequestSchema.extend({
  scope: z.enum(['mine', 'mark', 'team']).catch('mine').default('mine'),
  paper_id: examId.optional().catch(undefined),
});
export const answerListItemSchema = z.object({
  id: z.number().int(),
  paper_id: z.number().int(),
  paper_title: z.string(),
  kind: paperKindSchema,
  staff_name: z.string(),
  ...labelledStatus(z.string()),
  score: z.number().int().nullable(),
  total_points: z.number().int(),
  passed: z.boolean().nullable(),
  submitted_at: z.string().nullable(),
});
export type AnswerListItem = z.infer<typeof answerListItemSchema>;
export const answerPageSchema = pageSchema(answerListItemSchema);

/** A handed-in attempt question by question (answerDetail); `correct` only when the viewer may see it. */
export const answerDetailSchema = answerListItemSchema.extend({
  pass_score: z.number().int(),
  shows_answers: z.boolean(),
  can_mark: z.boolean(),
  questions: z.array(
    attemptQuestionSchema.extend({
      choice: z.array(z.number().int()),
      answer_text: z.string(),
      awarded: z.number().int().nullable(),
      correct: z.array(z.number().int()).nullable(),
      reference: z.string().nullable(),
    }),
  ),
});
export type AnswerDetail = z.infer<typeof answerDetailSchema>;

/** A marker's points for one short answer. */
export const answerMarkRequestSchema = z.object({
  attempt_id: examId,
  question_id: examId,
  points: wholeNumberSchema(0, 1000, M.pointsInvalid),
});

/** A paper's results per question (the owner's chart): counts per option, or the short answers' texts. */
export const paperStatsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: paperKindSchema,
  anonymous: z.boolean(),
  responses: z.number().int(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(QUESTION_TYPES),
      text: z.string(),
      options: z.array(z.object({ key: z.number().int(), text: z.string(), count: z.number().int() })),
      texts: z.array(z.object({ text: z.string(), staff_name: z.string() })),
    }),
  ),
});
export type PaperStats = z.infer<typeof paperStatsSchema>;
