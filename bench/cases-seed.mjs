// Seeds a benchmark database for bench/cases.mjs: migrations, the demo companies, then 200 staff in 20 teams
// over the two companies and 200,000 cases (an intake event each, and the status moves that brought it to its
// status: about 2.6 events per case), all in bulk with generate_series.
// Runs under tsx (it imports the server's TypeScript): node --import tsx bench/cases-seed.mjs pglite <dir> | postgres <url>
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { resealAll } from '../apps/server/src/pii/reseal.ts';
import { preparePii } from '../apps/server/src/pii/start.ts';

const [kind, target, countArg] = process.argv.slice(2);
const CASES = Number(countArg ?? 200_000);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const database = kind === 'pglite' ? await openPglite(target) : await openPostgres(target, 2);
const started = Date.now();
try {
  await database.migrate(path.join(repoRoot, 'apps/server/drizzle'));
  // The master key the bench server will start with (it runs with NODE_ENV=test, lib/servers.mjs).
  await preparePii(database.db, loadConfig({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'test' }));
  await seedDemo(database.db);
  const db = database.db;
  await db.transaction(async (tx) => {
    // Teams 2001–2010 in company 1, 2011–2020 in company 2; staff 2001–2100 and 2101–2200 likewise,
    // the first of every ten a leader. Phones 137000xxxxx log in like any demo person.
    await tx.execute(sql`insert into teams (id, corp_id, name)
      select 2000 + g, case when g <= 10 then 1 else 2 end, '压测组' || g from generate_series(1, 20) g`);
    // Staff 2002 works in the signing centre (job 2), for the task pool's bench.
    await tx.execute(sql`insert into staff (id, corp_id, team_id, name, phone, is_leader, jobs)
      select 2000 + g, case when g <= 100 then 1 else 2 end, 2000 + (g - 1) / 10 + 1, '压测员' || g,
             '137' || lpad(g::text, 8, '0'), (g - 1) % 10 = 0,
             case when g = 2 then array[2]::smallint[] else '{}'::smallint[] end
      from generate_series(1, 200) g`);
    await tx.execute(sql`insert into clients (corp_id, owner_id, team_id, name, phone, status, id_number, amount_fen, term_months, created_at, updated_at)
      select case when o <= 100 then 1 else 2 end, 2000 + o, 2000 + (o - 1) / 10 + 1, '客户' || g,
             '139' || lpad((g % 100000000)::text, 8, '0'), 1 + g % 9, 'B' || lpad(g::text, 17, '0'),
             (10000 + (g::bigint * 7919) % 490000) * 100, (array[6, 12, 18, 24, 36, 48, 60])[1 + g % 7],
             now() - make_interval(days => g % 365), now() - make_interval(days => g % 365)
      from (select g, 1 + g % 200 as o from generate_series(1, ${CASES}) g) s`);
    await tx.execute(sql`insert into case_events (corp_id, client_id, staff_id, kind, to_status, created_at)
      select corp_id, id, owner_id, 'created', 1, created_at from clients where owner_id > 2000`);
    // The moves that brought each case to its status (the leader's funnel and medians read them, decision
    // 058): signed a day after intake, then decided, mortgaged, disbursed; ids in time order per case.
    await tx.execute(sql`insert into case_events (corp_id, client_id, staff_id, kind, from_status, to_status, created_at)
      select c.corp_id, c.id, c.owner_id, 'status', m.from_s, m.to_s, c.created_at + make_interval(hours => m.h + c.id % 48)
      from clients c
      cross join lateral (values
        (1, 2, 20, c.status = 2),
        (1, 3, 24, c.status in (3, 4, 5, 6, 7, 8, 9)),
        (3, 4, 72, c.status = 4),
        (3, 5, 96, c.status in (5, 7, 8, 9)),
        (3, 6, 96, c.status = 6),
        (5, 7, 120, c.status in (7, 8)),
        (5, 9, 150, c.status = 9),
        (7, 8, 168, c.status = 8)
      ) m(from_s, to_s, h, happened)
      where c.owner_id > 2000 and m.happened
      order by c.id, m.h`);
  });
  // The bulk rows went in plain: sealed here in batches, as the server's start-up would (decision 074).
  const sealedAt = Date.now();
  const sealed = await resealAll(db);
  console.log(
    `sealed ${sealed.clients.toLocaleString('en-US')} cases in ${((Date.now() - sealedAt) / 1000).toFixed(1)} s`,
  );
  await db.execute(sql`analyze`);
  console.log(`seeded ${CASES.toLocaleString('en-US')} cases in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
