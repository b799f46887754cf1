import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pageInCorp } from '../../db/find-in-corp.ts';
import type { KeysetPage } from '../../db/keyset.ts';
import { examAttempts, examPapers, examQuestions, examTargets } from '../../db/schema/exam.ts';
import { staff, teams } from '../../db/schema/staff.ts';
import { createExamRepository } from './exam.repository.ts';
import { checkPaperFile, parsePaperFile, storedQuestions, type PaperFile } from './paper-file.ts';

/*
 * The back office's side of exam papers (decision 057): the company's papers, newest first, and a paper file
 * (docs/exam-papers.md) loaded as `npm run exam:load` loads it, inside the admin's transaction (a savepoint),
 * so the paper and its audit row commit together. A file's problems throw an Error whose message names them.
 */

export const listPapersForAdmin = async (ex: Db | Tx, corpId: number, page: KeysetPage) =>
  pageInCorp(
    ex,
    examPapers,
    {
      id: examPapers.id,
      code: examPapers.code,
      kind: examPapers.kind,
      title: examPapers.title,
      opensAt: examPapers.opensAt,
      closesAt: examPapers.closesAt,
    },
    corpId,
    page,
  );

export async function loadPaperText(tx: Tx, corpId: number, text: string) {
  let paper: ReturnType<typeof parsePaperFile>;
  try {
    paper = parsePaperFile(text);
  } catch (error) {
    // The YAML parser's own error (a subclass) is English: the person reads that the file is not YAML.
    if (error instanceof Error && error.constructor === Error) throw error;
    throw new Error('文件不是有效的 YAML', { cause: error });
  }
  // The repository opens its own transaction: inside the admin's it is a savepoint of the same one.
  const id = await createExamRepository(tx as unknown as Db).loadPaper(corpId, paper, storedQuestions(paper));
  return { id, code: paper.code, title: paper.title, questions: paper.questions.length };
}

/**
 * The back office's form for one paper (decision 057): the object the YAML parser would hand over, checked
 * by the file's own rules and loaded as a file is (same code replaced while nobody started it). Answers the
 * paper as it was before (by code; null for a new one) for the audit.
 */
export async function loadPaperObject(tx: Tx, corpId: number, value: unknown) {
  const paper = checkPaperFile(value);
  const [existing] = await tx
    .select({ id: examPapers.id })
    .from(examPapers)
    .where(and(eq(examPapers.corpId, corpId), eq(examPapers.code, paper.code)));
  const before = existing ? ((await findPaperFileForAdmin(tx, corpId, existing.id))?.file ?? null) : null;
  const id = await createExamRepository(tx as unknown as Db).loadPaper(corpId, paper, storedQuestions(paper));
  return { id, code: paper.code, title: paper.title, questions: paper.questions.length, before, after: paper };
}

const LETTERS = 'ABCDEFGHIJ';
type Assign = PaperFile['assign'][number];

/**
 * One stored paper of the company written back as its file's object (letters for answers, phones and team
 * names for people), for the form to edit; whether someone has started it (then it cannot be replaced).
 */
export async function findPaperFileForAdmin(ex: Db | Tx, corpId: number, id: number) {
  const [paper] = await ex
    .select({ paper: examPapers, ownerPhone: staff.phone })
    .from(examPapers)
    .leftJoin(staff, eq(staff.id, examPapers.ownerId))
    .where(and(eq(examPapers.corpId, corpId), eq(examPapers.id, id)));
  if (!paper) return null;
  const { paper: p } = paper;
  const questions = await ex
    .select()
    .from(examQuestions)
    .where(and(eq(examQuestions.corpId, corpId), eq(examQuestions.paperId, id)))
    .orderBy(asc(examQuestions.position));
  const targets = await ex
    .select({ kind: examTargets.targetKind, targetId: examTargets.targetId, phone: staff.phone, team: teams.name })
    .from(examTargets)
    .leftJoin(staff, and(eq(examTargets.targetKind, 'staff'), eq(staff.id, examTargets.targetId)))
    .leftJoin(teams, and(eq(examTargets.targetKind, 'team'), eq(teams.id, examTargets.targetId)))
    .where(and(eq(examTargets.corpId, corpId), eq(examTargets.paperId, id)))
    .orderBy(asc(examTargets.id));
  const [started] = await ex
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(and(eq(examAttempts.corpId, corpId), eq(examAttempts.paperId, id)))
    .limit(1);
  const graded = p.kind === 'exam';
  const file = {
    code: p.code,
    kind: p.kind,
    title: p.title,
    intro: p.intro,
    time_limit_minutes: p.timeLimitSec === null ? null : Math.round(p.timeLimitSec / 60),
    pass_score: p.passScore,
    max_attempts: p.maxAttempts,
    opens_at: p.opensAt?.toISOString() ?? null,
    closes_at: p.closesAt?.toISOString() ?? null,
    show_answers: p.showAnswers,
    anonymous: p.anonymous,
    owner: paper.ownerPhone,
    assign: targets.map((t): Assign => {
      if (t.kind === 'staff') return { staff: t.phone ?? '' };
      if (t.kind === 'team') return { team: t.team ?? '' };
      if (t.kind === 'job') return { job: t.targetId };
      return { all: true };
    }),
    questions: questions.map((q) => {
      const letters = q.answer.map((index) => LETTERS[index] ?? '');
      switch (q.type) {
        case 'single':
          return {
            type: q.type,
            text: q.text,
            options: q.options,
            points: q.points,
            ...(graded && letters[0] ? { answer: letters[0] } : {}),
          };
        case 'multiple':
          return {
            type: q.type,
            text: q.text,
            options: q.options,
            points: q.points,
            ...(graded && letters.length > 0 ? { answer: letters } : {}),
          };
        case 'judge':
          return {
            type: q.type,
            text: q.text,
            points: q.points,
            ...(graded && q.answer.length > 0 ? { answer: q.answer[0] === 0 } : {}),
          };
        case 'short':
          return { type: q.type, text: q.text, points: q.points, reference: q.reference };
      }
    }),
  };
  return { id: p.id, started: Boolean(started), file };
}
