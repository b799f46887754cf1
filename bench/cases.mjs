// Load test of the instalment-case calls (issue 3): seeds 200,000 cases over 200 staff in two companies,
// then measures POST /api/crm/clientList (first page and a page 900 cases deep) and GET /api/crm/detail
// with autocannon at 20 connections, and the leader's funnel (GET /api/crm/funnel?scope=team, decision 058)
// at 1 and 4, on the embedded database (PGlite) and on PostgreSQL (a database crm_bench_cases_<pid>, created and
// dropped). Fails when the list's p99 on PostgreSQL is 50 ms or more, or one leader's funnel p99 is 1 s or more.
// node bench/cases.mjs [--duration=SECONDS] [--cases=N] [--db=all|postgres]   (or: node bench/run.mjs --only=cases)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { logIn } from './lib/demo-login.mjs';
import { freePort } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const requireHere = createRequire(import.meta.url);
const requireServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Its own name per run: another run on a shared machine never drops this one's database.
const PG_DB = `crm_bench_cases_${process.pid}`;
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const LIST_P99_LIMIT_MS = 50;
/** The funnel is six aggregate queries over a team's cases and their events: one leader, then a few at once. */
const FUNNEL_CONNECTIONS = 4;
const FUNNEL_P99_LIMIT_MS = 1000;
/** Bench staff 2001 of company 1: 1,000 cases of their own, and the leader of team 2001 (10 people, 10,000 cases). */
const STAFF = { staffId: 2001, phone: '13700000001', corpId: 1 };

const { values: args } = parseArgs({
  options: { duration: { type: 'string' }, cases: { type: 'string' }, db: { type: 'string' } },
  strict: true,
});
const duration = Number(args.duration ?? 10);
const caseCount = Number(args.cases ?? 200_000);
const onlyPostgres = args.db === 'postgres';
const failures = [];
const fail = (message) => {
  failures.push(message);
  console.error(`\n!!! FAIL: ${message}\n`);
};

function run(args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

/** The product as `npm start` runs it (NODE_ENV=test lifts the per-IP limit every request here would hit). */
async function startServer(env) {
  const port = await freePort();
  const childEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DEMO_MODE: 'true',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  };
  for (const [key, value] of Object.entries(childEnv)) if (value === undefined) delete childEnv[key];
  // The compiled server, as production runs it (`npm run build -w @crm/server`).
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log = (log + chunk).slice(-10_000)));
  child.stderr.on('data', (chunk) => (log = (log + chunk).slice(-10_000)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    await new Promise((resolve) => child.once('exit', resolve));
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await stop();
  throw new Error(`server did not start:\n${log}`);
}

const form = (cookie, body) => ({
  method: 'POST',
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
  body,
});

/** The three requests measured, after walking the list once to find a cursor 900 cases deep. */
async function requests(url, cookie) {
  let cursor = '';
  let firstId = 0;
  for (let page = 0; page < 18; page += 1) {
    const body = await (await fetch(`${url}/api/crm/clientList`, form(cookie, `limit=50&cursor=${cursor}`))).json();
    if (body.code !== 0) throw new Error(`clientList: ${JSON.stringify(body).slice(0, 300)}`);
    firstId ||= body.data.list[0]?.id ?? 0;
    cursor = String(body.data.next_cursor ?? '');
  }
  if (!cursor) throw new Error('the bench staff has fewer than 900 cases: was the seed run?');
  return [
    { name: 'clientList, first page', url: `${url}/api/crm/clientList`, ...form(cookie, 'limit=20'), isList: true },
    {
      name: 'clientList, 900 deep',
      url: `${url}/api/crm/clientList`,
      ...form(cookie, `limit=20&cursor=${cursor}`),
      isList: true,
    },
    { name: 'detail', url: `${url}/api/crm/detail?id=${firstId}`, method: 'GET', headers: { cookie } },
    ...[1, FUNNEL_CONNECTIONS].map((connections) => ({
      name: connections === 1 ? "funnel, leader's team, 1 leader" : `funnel, leader's team, ${connections} at once`,
      url: `${url}/api/crm/funnel?scope=team`,
      method: 'GET',
      headers: { cookie },
      isFunnel: true,
      connections,
    })),
  ];
}

function cannon(request, seconds) {
  const autocannon = requireHere('autocannon');
  const { name: _name, isList: _isList, isFunnel: _isFunnel, connections = CONNECTIONS, ...options } = request;
  return autocannon({
    ...options,
    connections,
    duration: seconds,
    verifyBody: (body) => body.startsWith('{"code":0,'),
  });
}

async function measure(target, server) {
  const cookie = await logIn(server.url, STAFF);
  const rows = [];
  for (const request of await requests(server.url, cookie)) {
    process.stdout.write(`  ${target} · ${request.name}: warming up ${WARMUP_SECONDS} s, measuring ${duration} s … `);
    await cannon(request, WARMUP_SECONDS);
    const result = await cannon(request, duration);
    const bad = result.non2xx + result.mismatches + result.errors + result.timeouts;
    console.log(`${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms`);
    if (bad > 0) fail(`${target} · ${request.name}: ${bad} bad answers out of ${result.requests.total}`);
    if (target === 'PostgreSQL' && request.isList && result.latency.p99 >= LIST_P99_LIMIT_MS) {
      fail(`${target} · ${request.name}: p99 ${result.latency.p99} ms, the limit is under ${LIST_P99_LIMIT_MS} ms`);
    }
    if (
      target === 'PostgreSQL' &&
      request.isFunnel &&
      request.connections === 1 &&
      result.latency.p99 >= FUNNEL_P99_LIMIT_MS
    ) {
      fail(`${target} · ${request.name}: p99 ${result.latency.p99} ms, the limit is under ${FUNNEL_P99_LIMIT_MS} ms`);
    }
    rows.push({
      target,
      call: request.name,
      connections: request.connections ?? CONNECTIONS,
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      // The machine may be shared: its load as this call was measured goes with the figure.
      loadAverage1m: Number(os.loadavg()[0].toFixed(1)),
    });
  }
  return rows;
}

const results = [];
console.log(
  `\n== Instalment cases: ${caseCount.toLocaleString('en-US')} cases, 200 staff, 2 companies; ${CONNECTIONS} connections, ${duration} s per call`,
);

// Embedded database (PGlite), in a throwaway folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-cases-'));
try {
  if (!onlyPostgres) {
    await run(['--import', 'tsx', 'bench/cases-seed.mjs', 'pglite', dataDir, String(caseCount)]);
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    try {
      results.push(...(await measure('embedded (PGlite)', server)));
    } finally {
      await server.stop();
    }
  }
} catch (error) {
  fail(`embedded: ${error.stack ?? error}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// PostgreSQL, database crm_bench_cases created and dropped.
const pg = requireServer('pg');
const admin = async (statement) => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
};
try {
  await admin(`drop database if exists ${PG_DB} with (force)`);
  await admin(`create database ${PG_DB}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DB}`;
  await run(['--import', 'tsx', 'bench/cases-seed.mjs', 'postgres', url.toString(), String(caseCount)]);
  const server = await startServer({ DATABASE_URL: url.toString() });
  try {
    results.push(...(await measure('PostgreSQL', server)));
  } finally {
    await server.stop();
  }
} catch (error) {
  fail(`PostgreSQL: ${error.stack ?? error}`);
} finally {
  await admin(`drop database if exists ${PG_DB} with (force)`).catch(() => undefined);
}

const [load1, load5] = os.loadavg();
console.log(
  `\nload average at the end: ${load1.toFixed(1)} (1 min), ${load5.toFixed(1)} (5 min), ${os.cpus().length} CPUs`,
);
console.log(
  '\n| database | call | connections | req/s | p50 | p99 | load (1 min) |\n|---|---|---:|---:|---:|---:|---:|',
);
for (const row of results)
  console.log(
    `| ${row.target} | ${row.call} | ${row.connections} | ${row.requestsPerSecond} | ${row.latencyP50Ms} ms | ${row.latencyP99Ms} ms | ${row.loadAverage1m} |`,
  );
fs.mkdirSync(path.join(benchDir, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(benchDir, 'results/cases.json'),
  `${JSON.stringify({ date: new Date().toISOString(), cases: caseCount, connections: CONNECTIONS, duration, loadAverage: os.loadavg(), results, failures }, null, 2)}\n`,
);
if (failures.length > 0) {
  console.error(`\nbench cases FAILED (${failures.length})`);
  process.exitCode = 1;
} else {
  console.log('\nbench cases passed.');
}
