import fs from 'node:fs';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { createExamRepository } from './modules/exam/exam.repository.ts';
import { parsePaperFile, storedQuestions } from './modules/exam/paper-file.ts';

/*
 * The admin command that loads a paper file (decision 050, docs/exam-papers.md):
 *   npm run exam:load -w @crm/server -- exam-papers/example-compliance.yaml --corp 1
 * Uses the same settings as the server (DATABASE_URL, or the embedded database in DATA_DIR). A paper of the
 * same code is replaced while nobody has started it; after that, a new code makes a new paper.
 */
async function main() {
  const args = process.argv.slice(2);
  const corpAt = args.indexOf('--corp');
  const corpId = corpAt >= 0 ? Number(args[corpAt + 1]) : NaN;
  const file = args.find((arg, i) => !arg.startsWith('--') && i !== corpAt + 1);
  if (!file || !Number.isInteger(corpId) || corpId <= 0) {
    console.error('用法：npm run exam:load -w @crm/server -- <试卷文件.yaml> --corp <公司编号>');
    process.exit(2);
  }
  const paper = parsePaperFile(fs.readFileSync(file, 'utf8'));
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const id = await createExamRepository(database.db).loadPaper(corpId, paper, storedQuestions(paper));
    console.log(`已导入「${paper.title}」（${paper.code}），试卷编号 ${id}，${paper.questions.length} 题`);
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
