// Times the leader's funnel queries (decision 058) on a seeded database and prints PostgreSQL's plan of each:
// node --import tsx bench/funnel-explain.mjs <postgres url> [team id] [runs]
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { createCasesRepository } from '../apps/server/src/modules/cases/cases.repository.ts';

const [url, teamArg, runsArg] = process.argv.slice(2);
const database = await openPostgres(url, 2);
const runs = Number(runsArg ?? 5);
try {
  const scope = { corpId: 1, teamId: Number(teamArg ?? 2001) };
  const now = new Date();
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1) - 8 * 3_600_000);
  const plans = [];
  const explaining = new Proxy(database.db, {
    get(target, key) {
      if (key !== 'execute') {
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return async (query) => {
        const result = await target.execute(sql`explain (analyze, buffers, costs off) ${query}`);
        plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [] };
      };
    },
  });
  const calls = (repo) => ({
    funnelByMonth: () => repo.funnelByMonth(scope, since),
    statusMedians: () => repo.statusMedians(scope, since),
    approvalByBank: () => repo.approvalBy(scope, since, 'bank'),
    peopleFigures: () => repo.peopleFigures(scope, since),
  });
  const timed = calls(createCasesRepository(database.db));
  for (const [name, call] of Object.entries(timed)) {
    await call();
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name}: median ${times[Math.floor(times.length / 2)].toFixed(1)} ms of ${runs}`);
  }
  if (process.env.EXPLAIN) {
    for (const call of Object.values(calls(createCasesRepository(explaining)))) await call();
    console.log(plans.join('\n\n'));
  }
} finally {
  await database.close();
}
