import type {
  AnswerDetail,
  AnswerListItem,
  Attempt,
  AttemptQuestion,
  PaperDetail,
  PaperListItem,
} from '@crm/domain/api/exam';

/** Exam-centre records as the server answers them (typed by the shared schemas). */
export const aPaper = (over: Partial<PaperListItem> = {}): PaperListItem => ({
  id: 5,
  kind: 'exam',
  title: '合规考试',
  question_count: 3,
  total_points: 100,
  pass_score: 60,
  time_limit_minutes: 20,
  max_attempts: 2,
  attempts_used: 0,
  best_score: null,
  opens_at: null,
  closes_at: '2026-12-01T10:00:00.000Z',
  state: 'open',
  state_label: '待参加',
  attempt_id: null,
  ...over,
});

export const aPaperDetail = (over: Partial<PaperDetail> = {}): PaperDetail => ({
  ...aPaper(),
  intro: '合规要求考试',
  anonymous: false,
  show_answers: true,
  can_start: true,
  blocked_reason: '',
  can_view_results: false,
  attempts: [],
  ...over,
});

/** A question as an attempt shows it, its options as [key, text] in the order shown. */
const aQuestion = (
  id: number,
  type: AttemptQuestion['type'],
  text: string,
  points: number,
  options: [key: number, text: string][] = [],
): AttemptQuestion => ({ id, type, text, points, options: options.map(([key, label]) => ({ key, text: label })) });
/** The paper's three questions as an attempt shows them; the graded answer adds the choices and marks. */
const ID_QUESTION = aQuestion(11, 'single', '必须核验的证件', 40, [
  [1, '驾驶证'],
  [0, '身份证'],
]);
const JUDGE_QUESTION = aQuestion(12, 'judge', '可以代客户签字', 30, [
  [0, '正确'],
  [1, '错误'],
]);
const SHORT_QUESTION = aQuestion(13, 'short', '解释年化利率', 30);

export const anAttempt = (over: Partial<Attempt> = {}): Attempt => ({
  id: 31,
  paper_id: 5,
  kind: 'exam',
  title: '合规考试',
  deadline_at: '2026-12-01T10:00:00.000Z',
  remaining_ms: 1_195_000,
  questions: [ID_QUESTION, JUDGE_QUESTION, SHORT_QUESTION],
  answers: [],
  ...over,
});

export const anAnswerRow = (over: Partial<AnswerListItem> = {}): AnswerListItem => ({
  id: 31,
  paper_id: 5,
  paper_title: '合规考试',
  kind: 'exam',
  staff_name: '王小明',
  status: 'graded',
  status_label: '已出分',
  score: 80,
  total_points: 100,
  passed: true,
  submitted_at: '2026-11-20T02:00:00.000Z',
  ...over,
});

/** The handed-in attempt of anAnswerRow, question by question. */
export const anAnswerDetail = (over: Partial<AnswerDetail> = {}): AnswerDetail => ({
  ...anAnswerRow({ score: 70 }),
  pass_score: 60,
  shows_answers: true,
  can_mark: false,
  questions: [
    { ...ID_QUESTION, choice: [0], answer_text: '', awarded: 40, correct: [0], reference: null },
    {
      ...SHORT_QUESTION,
      choice: [],
      answer_text: '一年的利息成本',
      awarded: 30,
      correct: null,
      reference: '按年计算的成本',
    },
  ],
  ...over,
});
