import { pathToFileURL } from 'node:url';
import { systemClock, type Clock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { openDatabase } from './db/open.ts';
import { createFaqRepository, createFaqService, readAuthoredFolder } from './modules/faq/index.ts';

/*
 * The FAQ authors' command (decision 053), against the database of the settings (DATABASE_URL or DATA_DIR):
 *   npm run faq -- import <folder> --corp <id>   one Markdown file per entry (front matter title, type,
 *                                                 category, keywords; images beside it); run again to update
 *   npm run faq -- unanswered --corp <id>        the copilot's questions nothing answered, newest first
 */

const USAGE = 'usage: npm run faq -- import <folder> --corp <id> | unanswered --corp <id>';

/** Runs one command; answers the exit code, writing what a person reads to `out`. */
export async function runFaqAdmin(args: string[], db: Db, clock: Clock, out: (line: string) => void): Promise<number> {
  const corpAt = args.indexOf('--corp');
  const corpId = Number(args[corpAt + 1]);
  if (corpAt < 0 || !Number.isInteger(corpId) || corpId <= 0) {
    out(USAGE);
    return 2;
  }
  const faq = createFaqService({ repo: createFaqRepository(db), llm: null, now: clock, copilotPerMinute: 0 });
  if (args[0] === 'import' && args[1] && args[1] !== '--corp') {
    const { entries, problems } = readAuthoredFolder(args[1]);
    for (const problem of problems) out(`跳过 ${problem}`);
    if (entries.length === 0) {
      out('没有可导入的问答');
      return 1;
    }
    const ids = await faq.importEntries(corpId, entries);
    out(`已导入 ${ids.length} 条问答（公司 ${corpId}）`);
    return problems.length > 0 ? 1 : 0;
  }
  if (args[0] === 'unanswered') {
    const rows = await faq.unanswered(corpId);
    for (const row of rows) out(`${row.createdAt.toISOString()}  ${row.question}`);
    out(`共 ${rows.length} 个未能回答的问题`);
    return 0;
  }
  out(USAGE);
  return 2;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const config = loadConfig();
    const database = await openDatabase(config);
    const code = await runFaqAdmin(process.argv.slice(2), database.db, systemClock, (line) => console.log(line));
    await database.close();
    process.exit(code);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
