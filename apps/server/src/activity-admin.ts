import fs from 'node:fs';
import path from 'node:path';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { authorActivity, parseActivityFile } from './modules/activity/index.ts';

/*
 * The activity authors' command (decision 056), against the database of the settings (DATABASE_URL or DATA_DIR):
 *   npm run activity -- <file.yaml|json>     e.g. apps/server/activities/example.yaml
 * The file names the company (corp_id) and its activities, each by a `key`: running it again updates them. A
 * lottery's pool is fixed when it is first written (a fresh secret seed; the page publishes its hashes);
 * once an activity has started or anyone took part, its pool, prizes and stock can no longer change.
 */
async function main() {
  const file = process.argv[2];
  if (!file) {
    console.error('用法：npm run activity -- <活动文件.yaml>');
    process.exit(2);
  }
  const parsed = parseActivityFile(
    // npm runs the workspace's script in apps/server; the path is the one typed where the command was run.
    fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), 'utf8'),
  );
  const database = await openDatabase(loadConfig());
  try {
    for (const spec of parsed.activities) {
      const row = await authorActivity(database.db, parsed.corp_id, spec, systemClock());
      const hash = row.type === 'lottery' ? `，奖池哈希 ${row.poolHash}` : '';
      console.log(`已写入「${row.title}」（${row.key}），活动编号 ${row.id}${hash}`);
    }
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
