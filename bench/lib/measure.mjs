// What the load benchmarks (hot-path.mjs, working-day.mjs) share: the PostgreSQL admin connection, the CPU a
// process used (node server and the database's backends), and one measured autocannon run with its warm-up.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const requireServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const pg = requireServer('pg');

export const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const loadAverage = () => os.loadavg()[0];

/** One statement on the admin database (or `database`), on a connection of its own. */
export async function admin(statement, database = null) {
  const connectionString = database ? databaseUrl(database) : PG_ADMIN_URL;
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The admin URL pointed at another database. */
export function databaseUrl(name) {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100 Hz)
  } catch {
    return null;
  }
}

/** The PostgreSQL backends serving one database (not the other engineers' ones on the same server). */
async function backendPids(dbName) {
  const result = await admin(`select pid from pg_stat_activity where datname = '${dbName}'`);
  return result.rows.map((row) => row.pid);
}

/** Where the CPU went during a run: the node server and the database's backends, in µs per request. */
async function cpuAccount(serverPid, dbName, work) {
  const pids = serverPid && dbName ? await backendPids(dbName) : [];
  const before = { node: serverPid ? cpuSeconds(serverPid) : null, pg: pids.map(cpuSeconds) };
  const result = await work();
  const after = { node: serverPid ? cpuSeconds(serverPid) : null, pg: pids.map(cpuSeconds) };
  const pgSeconds = after.pg.reduce((sum, value, i) => sum + ((value ?? 0) - (before.pg[i] ?? 0)), 0);
  const n = Math.max(1, result.requests.total);
  return {
    result,
    cpuPerRequestUs:
      before.node === null
        ? null
        : { node: Math.round(((after.node - before.node) * 1e6) / n), postgres: Math.round((pgSeconds * 1e6) / n) },
  };
}

/**
 * Warms up, then measures `cannon(seconds)` (an autocannon run) and prints one line. Every answer must be
 * 2xx with `code: 0` (the cannon's verifyBody); anything else is reported through `fail`.
 */
export async function measure({ name, cannon, warmupSeconds, seconds, serverPid = null, dbName = null, fail }) {
  process.stdout.write(`  ${name}: warming up ${warmupSeconds} s, measuring ${seconds} s … `);
  await cannon(warmupSeconds);
  const loadBefore = loadAverage();
  const { result, cpuPerRequestUs } = await cpuAccount(serverPid, dbName, () => cannon(seconds));
  const loadAfter = loadAverage();
  const bad = result.non2xx + result.mismatches + result.errors + result.timeouts;
  if (bad > 0)
    fail(`${name}: ${bad} bad answers of ${result.requests.total} (${JSON.stringify(result.statusCodeStats)})`);
  const row = {
    call: name,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    loadAverage1m: [Number(loadBefore.toFixed(2)), Number(loadAfter.toFixed(2))],
    cpuPerRequestUs,
  };
  const cpu = cpuPerRequestUs
    ? `, CPU per request: node ${cpuPerRequestUs.node} µs, PostgreSQL ${cpuPerRequestUs.postgres} µs`
    : '';
  console.log(
    `${row.requestsPerSecond} req/s, p99 ${row.latencyP99Ms} ms (load ${row.loadAverage1m.join(' → ')})${cpu}`,
  );
  return row;
}

/** Each row's share of the mean hello-world req/s of the same run (the figure to compare between runs). */
export function withRatios(rows) {
  const hellos = rows.filter((row) => row.call.startsWith('hello-world'));
  const baseline = hellos.reduce((sum, row) => sum + row.requestsPerSecond, 0) / Math.max(1, hellos.length);
  for (const row of rows)
    row.ratioToHelloWorld = baseline ? Number((row.requestsPerSecond / baseline).toFixed(3)) : null;
  return Math.round(baseline);
}
