import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { examPapers } from '../../db/schema/exam.ts';
import { createExamRepository } from './exam.repository.ts';
import { parsePaperFile, storedQuestions } from './paper-file.ts';

/*
 * The back office's side of exam papers (decision 057): the company's papers, newest first, and a paper file
 * (docs/exam-papers.md) loaded as `npm run exam:load` loads it, inside the admin's transaction (a savepoint),
 * so the paper and its audit row commit together. A file's problems throw an Error whose message names them.
 */

export const listPapersForAdmin = (ex: Db | Tx, corpId: number, page: { cursor: number | null; limit: number }) =>
  ex
    .select({
      id: examPapers.id,
      code: examPapers.code,
      kind: examPapers.kind,
      title: examPapers.title,
      opensAt: examPapers.opensAt,
      closesAt: examPapers.closesAt,
    })
    .from(examPapers)
    .where(and(eq(examPapers.corpId, corpId), page.cursor === null ? undefined : lt(examPapers.id, page.cursor)))
    .orderBy(desc(examPapers.id))
    .limit(page.limit + 1);

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
