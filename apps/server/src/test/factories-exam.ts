import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { examAttempts, examPapers, examQuestions, examTargets } from '../db/schema/exam.ts';
import { insertRow } from './factories.ts';

let counter = 0;

type QuestionInput = Omit<typeof examQuestions.$inferInsert, 'corpId' | 'paperId' | 'position'>;

/** Four questions of every kind: 单选 (right: B), 多选 (right: A and C), 判断 (right: 正确), 简答; 25 points each. */
export const EVERY_KIND: QuestionInput[] = [
  { type: 'single', text: '单选题', options: ['甲', '乙', '丙'], answer: [1], points: 25 },
  { type: 'multiple', text: '多选题', options: ['甲', '乙', '丙', '丁'], answer: [0, 2], points: 25 },
  { type: 'judge', text: '判断题', options: ['正确', '错误'], answer: [0], points: 25 },
  { type: 'short', text: '简答题', options: [], answer: [], reference: '参考答案', points: 25 },
];
export const CHOICES_ONLY = EVERY_KIND.slice(0, 3);

/**
 * A paper of a company assigned to `targets` (everyone by default), its questions stored in the order given.
 * Open now by default: no opening or closing date.
 */
export async function createPaper(
  db: Db,
  corpId: number,
  options: Partial<typeof examPapers.$inferInsert> & {
    targets?: { targetKind: 'staff' | 'team' | 'job' | 'all'; targetId: number }[];
    questions?: QuestionInput[];
  } = {},
) {
  const { targets = [{ targetKind: 'all', targetId: 0 }], questions = EVERY_KIND, ...values } = options;
  const n = ++counter;
  const paper = await insertRow(
    db,
    examPapers,
    { corpId, code: `paper-${n}`, kind: 'exam', title: `试卷${n}`, timeLimitSec: 600, passScore: 60, ...values },
    'paper',
  );
  const stored = await db
    .insert(examQuestions)
    .values(questions.map((q, position) => ({ ...q, corpId, paperId: paper.id, position })))
    .returning();
  await db.insert(examTargets).values(targets.map((t) => ({ ...t, corpId, paperId: paper.id })));
  return { ...paper, questions: stored };
}

/**
 * An open attempt whose deadline is `deadlineSeconds` from the database's now (negative: already past), in
 * authored order. For tests about time that must not depend on the day they run.
 */
export async function createAttempt(
  db: Db,
  paper: { corpId: number; id: number; questions: { id: number }[] },
  staffId: number,
  deadlineSeconds: number,
  values: Partial<typeof examAttempts.$inferInsert> = {},
) {
  return insertRow(
    db,
    examAttempts,
    {
      corpId: paper.corpId,
      paperId: paper.id,
      staffId,
      deadlineAt: sql`now() + make_interval(secs => ${deadlineSeconds})`,
      questionOrder: paper.questions.map((q) => q.id),
      optionOrder: {},
      ...values,
    },
    'attempt',
  );
}
