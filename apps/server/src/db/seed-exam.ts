import type { Tx } from './client.ts';
import { examAnswers, examAttempts, examPapers, examQuestions, examTargets } from './schema/exam.ts';

type Question = typeof examQuestions.$inferInsert;
type Paper = Omit<typeof examPapers.$inferInsert, 'corpId'> & {
  targets: { targetKind: 'staff' | 'team' | 'job' | 'all'; targetId: number }[];
  questions: Omit<Question, 'corpId' | 'paperId' | 'position'>[];
};

/** The exam demo's papers of company 1 (README: 王小明 takes the due one, 李建国 marks 赵客服's short answer). */
export const EXAM_DEMO = {
  due: '2026 年第四季度合规考试',
  passed: '产品知识测验',
  survey: '培训满意度问卷',
} as const;

/** The three stored questions' rows (every demo paper with attempts has three). */
function ids(rows: { id: number }[]): [{ id: number }, { id: number }, { id: number }] {
  const [a, b, c] = rows;
  if (!a || !b || !c) throw new Error('demo paper has fewer than three questions');
  return [a, b, c];
}

async function insertPaper(tx: Tx, paper: Paper) {
  const { targets, questions, ...values } = paper;
  const [row] = await tx
    .insert(examPapers)
    .values({ corpId: 1, ...values })
    .returning({ id: examPapers.id });
  if (!row) throw new Error('demo paper not created');
  const stored = await tx
    .insert(examQuestions)
    .values(questions.map((q, position) => ({ ...q, corpId: 1, paperId: row.id, position })))
    .returning({ id: examQuestions.id, options: examQuestions.options, type: examQuestions.type });
  await tx.insert(examTargets).values(targets.map((t) => ({ ...t, corpId: 1, paperId: row.id })));
  return { id: row.id, questions: stored };
}

/**
 * The exam-centre demo (issue 13) inside the demo seed's transaction: for company 1 a due compliance exam
 * for everyone, a product quiz of 销售一组 that 王小明 passed and 赵客服 handed in with a short answer waiting
 * for 李建国's marks, and 李建国's anonymous training questionnaire with one response.
 */
export async function seedExamDemo(tx: Tx, hours: (n: number) => Date): Promise<void> {
  await insertPaper(tx, {
    code: 'compliance-2026q4',
    kind: 'exam',
    title: EXAM_DEMO.due,
    intro: '本卷考查贷款业务合规要求。限时 20 分钟，60 分及格，可作答 2 次；交卷后可查看正确答案。',
    timeLimitSec: 20 * 60,
    passScore: 60,
    maxAttempts: 2,
    closesAt: hours(24 * 14),
    showAnswers: true,
    ownerId: 2,
    targets: [{ targetKind: 'all', targetId: 0 }],
    questions: [
      {
        type: 'single',
        text: '客户提交贷款申请时，必须核验的证件是？',
        options: ['身份证原件', '驾驶证', '工作证', '社保卡'],
        answer: [0],
        points: 20,
      },
      {
        type: 'multiple',
        text: '以下哪些行为违反合规要求？',
        options: ['承诺百分之百放款', '代客户签字', '如实告知费用', '收取客户现金保证金'],
        answer: [0, 1, 3],
        points: 20,
      },
      {
        type: 'judge',
        text: '可以将客户的身份证号码发到微信群里核对。',
        options: ['正确', '错误'],
        answer: [1],
        points: 20,
      },
      {
        type: 'single',
        text: '客户还款逾期时，正确的做法是？',
        options: ['威胁客户', '按公司流程提醒并记录', '联系客户的同事施压', '不予理会'],
        answer: [1],
        points: 20,
      },
      {
        type: 'judge',
        text: '向客户介绍产品时须说明年化利率。',
        options: ['正确', '错误'],
        answer: [0],
        points: 20,
      },
    ],
  });

  const quiz = await insertPaper(tx, {
    code: 'product-basics',
    kind: 'exam',
    title: EXAM_DEMO.passed,
    intro: '分期与房贷产品基础知识。限时 15 分钟，60 分及格。',
    timeLimitSec: 15 * 60,
    passScore: 60,
    maxAttempts: 1,
    showAnswers: true,
    ownerId: 2,
    targets: [{ targetKind: 'team', targetId: 1 }],
    questions: [
      {
        type: 'single',
        text: '等额本息的每月还款额？',
        options: ['每月相同', '逐月递减', '逐月递增'],
        answer: [0],
        points: 30,
      },
      {
        type: 'judge',
        text: '房贷期限最长可达 30 年。',
        options: ['正确', '错误'],
        answer: [0],
        points: 30,
      },
      {
        type: 'short',
        text: '请简述向客户解释“年化利率”的话术。',
        options: [],
        answer: [],
        reference: '说明按年计算的综合成本，举例：借 1 万元一年，利息多少。',
        points: 40,
      },
    ],
  });
  const [single, judge, short] = ids(quiz.questions);
  const order = { questionOrder: [single.id, judge.id, short.id], optionOrder: {} };
  const sitting = (staffId: number, startedHoursAgo: number) => ({
    corpId: 1,
    paperId: quiz.id,
    staffId,
    startedAt: hours(-startedHoursAgo),
    deadlineAt: new Date(hours(-startedHoursAgo).getTime() + 15 * 60_000),
    submittedAt: new Date(hours(-startedHoursAgo).getTime() + 9 * 60_000),
    ...order,
  });
  const [passed, waiting] = await tx
    .insert(examAttempts)
    .values([
      { ...sitting(1, 72), status: 'graded', score: 90, passed: true, gradedAt: hours(-48) },
      { ...sitting(4, 5), status: 'marking' },
    ])
    .returning({ id: examAttempts.id });
  if (!passed || !waiting) throw new Error('demo attempts not created');
  /** One attempt's three answers: the single choice and the true/false by their choice, the short one by its text. */
  const answers = (
    attemptId: number,
    judged: { judge: number; judgePoints: number },
    written: { text: string; points: number | null; markedBy?: number },
  ): (typeof examAnswers.$inferInsert)[] => [
    { corpId: 1, attemptId, questionId: single.id, choice: [0], points: 30 },
    { corpId: 1, attemptId, questionId: judge.id, choice: [judged.judge], points: judged.judgePoints },
    { corpId: 1, attemptId, questionId: short.id, choice: [], ...written },
  ];
  await tx.insert(examAnswers).values([
    ...answers(
      passed.id,
      { judge: 0, judgePoints: 30 },
      { text: '年化利率是按一年计算的借款成本，比如借一万元一年的利息。', points: 30, markedBy: 2 },
    ),
    // Waiting for its short answer to be marked.
    ...answers(
      waiting.id,
      { judge: 1, judgePoints: 0 },
      { text: '告诉客户一年下来总共要付多少利息，和银行存款利率对比着讲。', points: null },
    ),
  ]);

  const survey = await insertPaper(tx, {
    code: 'training-survey-2026',
    kind: 'survey',
    title: EXAM_DEMO.survey,
    intro: '匿名问卷：结果只统计，不显示姓名。每人填写一次。',
    anonymous: true,
    ownerId: 2,
    closesAt: hours(24 * 30),
    targets: [{ targetKind: 'team', targetId: 1 }],
    questions: [
      { type: 'single', text: '你对本月培训的总体评价？', options: ['很满意', '满意', '一般', '不满意'], answer: [] },
      {
        type: 'multiple',
        text: '希望增加哪些培训内容？',
        options: ['产品知识', '合规要求', '沟通话术', '系统操作'],
        answer: [],
      },
      { type: 'short', text: '其他建议', options: [], answer: [] },
    ],
  });
  const [s1, s2, s3] = ids(survey.questions);
  const [response] = await tx
    .insert(examAttempts)
    .values({
      corpId: 1,
      paperId: survey.id,
      staffId: 4,
      survey: true,
      status: 'graded',
      startedAt: hours(-30),
      submittedAt: hours(-30),
      gradedAt: hours(-30),
      questionOrder: [s1.id, s2.id, s3.id],
      optionOrder: {},
    })
    .returning({ id: examAttempts.id });
  if (!response) throw new Error('demo response not created');
  await tx.insert(examAnswers).values([
    { corpId: 1, attemptId: response.id, questionId: s1.id, choice: [1] },
    { corpId: 1, attemptId: response.id, questionId: s2.id, choice: [0, 2] },
    { corpId: 1, attemptId: response.id, questionId: s3.id, choice: [], text: '希望多讲实际案例' },
  ]);
}
