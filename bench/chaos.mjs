// Chaos run (issue 10): 20 writers create instalment cases through POST /api/crm/addClient while PostgreSQL is
// restarted 5 times and the server is killed with SIGKILL twice (this script restarts it, acting as the
// supervisor). At the end it counts, straight in the database, the acknowledged writes that are missing and the
// ones stored twice, and says whether the server served a real database-backed call again within 10 s of each
// event. Exit code 1 when anything is missing, duplicated or slow to recover.
//
// It never touches the machine's PostgreSQL: it makes a throwaway cluster (initdb) on a free port in a temp
// folder, and removes it at the end, also on Ctrl-C. Binaries: /usr/lib/postgresql/15/bin, or CHAOS_PG_BIN.
// As root, initdb/pg_ctl run as the `postgres` user (they refuse root). Plain Node ESM: `npm run chaos`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO, logIn } from './lib/demo-login.mjs';
import { freePort, killGroup } from './lib/processes.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const requireServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));

const WRITERS = 20;
const PG_RESTARTS = 5;
const SERVER_KILLS = 2;
const RECOVERY_LIMIT_MS = 10_000;
/** How long PostgreSQL stays away on each restart, so the writers meet the 503 for a while. */
const PG_DOWN_MS = 2_000;
/** Time between two events, and before the first and after the last. */
const GAP_MS = 8_000;
const REQUEST_TIMEOUT_MS = 5_000;
const WRITER_PAUSE_MS = 200;
const DB_NAME = 'crm_chaos';
const PG_BIN = process.env.CHAOS_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const t0 = Date.now();
const stamp = () => `[${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s]`;
const say = (message) => console.log(`${stamp()} ${message}`);

// ---------------------------------------------------------------------------------------------------------
// Clean-up: synchronous, so it also runs from the 'exit' handler (Ctrl-C, an uncaught error).

const state = { server: null, pg: null, stopping: false };

function cleanUp() {
  if (state.server) killGroup(state.server.child.pid, 'SIGKILL');
  state.server = null;
  if (state.pg) {
    const { dataDir, baseDir } = state.pg;
    state.pg = null;
    if (fs.existsSync(path.join(dataDir, 'postmaster.pid')))
      pgCtlSync(['stop', '-D', dataDir, '-m', 'immediate', '-w', '-t', '20']);
    fs.rmSync(baseDir, { recursive: true, force: true });
  }
}
process.on('exit', cleanUp);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\nchaos: ${signal}, stopping the server and the throwaway PostgreSQL`);
    state.stopping = true;
    process.exit(130);
  });
}

// ---------------------------------------------------------------------------------------------------------
// The throwaway PostgreSQL cluster

/** argv to run a PostgreSQL binary: as `postgres` when we are root (initdb and pg_ctl refuse root). */
function pgCommand(binary, args) {
  const file = path.join(PG_BIN, binary);
  return isRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
}

function pgCtlSync(args) {
  const [command, argv] = pgCommand('pg_ctl', args);
  return spawnSync(command, argv, { encoding: 'utf8' });
}

function pgCtl(args) {
  const [command, argv] = pgCommand('pg_ctl', args);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`pg_ctl ${args[0]} failed (${code}): ${output}`)),
    );
  });
}

async function startCluster() {
  for (const binary of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(PG_BIN, binary))) {
      console.error(
        `chaos: ${path.join(PG_BIN, binary)} not found. Install PostgreSQL (Debian/Ubuntu: ` +
          '`apt-get install postgresql`) or point CHAOS_PG_BIN at the folder holding initdb, pg_ctl and postgres.',
      );
      process.exit(1);
    }
  }
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-chaos-'));
  const dataDir = path.join(baseDir, 'data');
  const logFile = path.join(baseDir, 'postgres.log');
  const port = await freePort();
  state.pg = { baseDir, dataDir, logFile, port };
  if (isRoot) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) {
      console.error('chaos: running as root needs a `postgres` user to run initdb and pg_ctl as');
      process.exit(1);
    }
    fs.chownSync(baseDir, uid, gid);
  }
  const [command, argv] = pgCommand('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const init = spawnSync(command, argv, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  await startPostgres();
  const pg = requireServer('pg');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query(`create database ${DB_NAME}`);
  await admin.end();
  return { url: `postgres://postgres@127.0.0.1:${port}/${DB_NAME}`, pg };
}

async function startPostgres() {
  const { dataDir, logFile, port, baseDir } = state.pg;
  // fsync stays on (the default): losing acknowledged writes is what this run looks for.
  const options = `-p ${port} -k ${baseDir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  await pgCtl(['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', options]);
}

async function stopPostgresImmediately() {
  await pgCtl(['stop', '-D', state.pg.dataDir, '-m', 'immediate', '-w', '-t', '30']);
}

// ---------------------------------------------------------------------------------------------------------
// The server, in its own process group, always on the same port so the writers keep one address

function spawnServer(port, databaseUrl) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    // NODE_ENV=test lifts the general rate limit (app.ts), as in bench/run.mjs; RATE_LIMIT_PER_MINUTE=0 says so.
    NODE_ENV: 'test',
    RATE_LIMIT_PER_MINUTE: '0',
    DEMO_MODE: 'true', // seeds the demo staff and hands out the SMS code in the answer
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const keep = (chunk) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const server = { child, log: () => log, exit: null, killedOnPurpose: false };
  child.once('exit', (code, signal) => {
    server.exit = { code, signal };
    if (!server.killedOnPurpose && !state.stopping) {
      // Not one of ours: the server died by itself (a database restart must never do that).
      unexpectedDeaths.push({ at: Date.now(), code, signal, log: log.slice(-3_000) });
      say(`!!! the server exited by itself (code ${code}, signal ${signal}); restarting it`);
      if (state.server === server) state.server = spawnServer(port, databaseUrl);
    }
  });
  state.server = server;
  return server;
}

const unexpectedDeaths = [];

async function waitForHealthz(baseUrl, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(1_000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`the server did not answer /healthz within ${timeoutMs / 1000} s:\n${state.server?.log()}`);
}

// ---------------------------------------------------------------------------------------------------------
// API calls

/** A real database-backed call: the signed-in staff's own record (session lookup + staff query). */
async function servedOnce(baseUrl, cookie) {
  try {
    const response = await fetch(`${baseUrl}/api/crm/userinfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: `id=${DEMO.staffId}`,
      signal: AbortSignal.timeout(2_000),
    });
    const body = await response.json();
    return { ok: response.status === 200 && body.code === 0, status: response.status, msg: body.msg };
  } catch (error) {
    return { ok: false, status: 0, msg: error.cause?.code ?? error.name };
  }
}

/** Milliseconds from `since` until a DB-backed call succeeds; null when not within `limitMs` × 3. */
async function timeToServe(baseUrl, cookie, since) {
  const deadline = since + RECOVERY_LIMIT_MS * 3;
  while (Date.now() < deadline) {
    if ((await servedOnce(baseUrl, cookie)).ok) return Date.now() - since;
    await sleep(50);
  }
  return null;
}

// GB 11643 check character, as packages/domain/src/idcard/id-number.ts computes it.
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
function idNumber(serial) {
  // A different birth date every 1,000 numbers (from 1960-01-01), a sequence code within the day.
  const birth = new Date(Date.UTC(1960, 0, 1) + Math.floor(serial / 1000) * 86_400_000);
  const date = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `310104${date}${String(serial % 1000).padStart(3, '0')}`;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return first17 + '10X98765432'[sum % 11];
}

const counts = { attempts: 0, acknowledged: 0, refused: 0, unavailable503: 0, otherHttp: 0, networkErrors: 0 };
const acknowledged = new Set();
const attempted = new Set();
let serial = 0;

async function writer(index, baseUrl, cookie, stop) {
  let n = 0;
  while (!stop.stopped) {
    n += 1;
    // Each attempt a fresh marker: a failed write is not retried with the same one, so a marker stored twice
    // can only be the server writing one request twice.
    const marker = `chaos-w${String(index).padStart(2, '0')}-${String(n).padStart(6, '0')}`;
    const body = new URLSearchParams({
      name: marker,
      phone: '13912345678',
      id_number: idNumber(serial++),
      amount: '50000',
      term: '36',
    });
    counts.attempts += 1;
    attempted.add(marker);
    let ok = false;
    try {
      const response = await fetch(`${baseUrl}/api/crm/addClient`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
        body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const answer = await response.json().catch(() => null);
      if (response.status === 200 && answer?.code === 0 && Number.isInteger(answer.data?.id)) {
        acknowledged.add(marker);
        counts.acknowledged += 1;
        ok = true;
      } else if (response.status === 503) counts.unavailable503 += 1;
      else if (response.status === 200) {
        counts.refused += 1;
        if (counts.refused <= 3) say(`writer ${index}: refused ${JSON.stringify(answer)}`);
      } else counts.otherHttp += 1;
    } catch {
      counts.networkErrors += 1;
    }
    if (!ok) await sleep(WRITER_PAUSE_MS);
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run

const events = [];

async function pgRestart(baseUrl, cookie, number) {
  const started = Date.now();
  say(`event ${number}: PostgreSQL stop -m immediate`);
  await stopPostgresImmediately();
  await sleep(PG_DOWN_MS / 2);
  const away = await servedOnce(baseUrl, cookie);
  await sleep(PG_DOWN_MS / 2);
  await startPostgres();
  const back = Date.now();
  const ms = await timeToServe(baseUrl, cookie, back);
  const sinceStart = ms === null ? null : back + ms - started;
  const alive = state.server?.exit === null;
  events.push({
    what: `PostgreSQL restart ${events.filter((e) => e.kind === 'pg').length + 1}`,
    kind: 'pg',
    whileAway: `HTTP ${away.status} ${away.msg ?? ''}`.trim(),
    recoveryMs: ms,
    sinceEventMs: sinceStart,
    note: alive ? 'server process never exited' : 'server process died',
  });
  say(`event ${number}: PostgreSQL back; served again ${ms === null ? 'NEVER' : `${ms} ms`} after it returned`);
}

async function serverKill(baseUrl, cookie, number, port, databaseUrl) {
  const old = state.server;
  const started = Date.now();
  say(`event ${number}: kill -9 the server (pid ${old.child.pid})`);
  old.killedOnPurpose = true;
  killGroup(old.child.pid, 'SIGKILL');
  await new Promise((resolve) => (old.exit ? resolve() : old.child.once('exit', resolve)));
  // The supervisor's part: start it again at once.
  spawnServer(port, databaseUrl);
  const ms = await timeToServe(baseUrl, cookie, started);
  events.push({
    what: `server kill -9 ${events.filter((e) => e.kind === 'kill').length + 1}`,
    kind: 'kill',
    whileAway: '—',
    recoveryMs: ms,
    sinceEventMs: ms,
    note: 'restarted by this script (the supervisor)',
  });
  say(`event ${number}: served again ${ms === null ? 'NEVER' : `${ms} ms`} after the kill`);
}

/** Columns a terminal gives a string: CJK characters take two. */
const columns = (text) => [...text].reduce((sum, char) => sum + (char.codePointAt(0) >= 0x2e80 ? 2 : 1), 0);

function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => columns(row[column]))));
  const line = (row) =>
    row
      .map((cell, column) => cell + ' '.repeat(widths[column] - columns(cell)))
      .join('  ')
      .trimEnd();
  console.log(line(cells[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

async function main() {
  say(`throwaway PostgreSQL from ${PG_BIN}${isRoot ? ' (as the postgres user)' : ''}`);
  const { url: databaseUrl, pg } = await startCluster();
  say(`PostgreSQL on 127.0.0.1:${state.pg.port}, data in ${state.pg.dataDir}`);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  spawnServer(port, databaseUrl);
  await waitForHealthz(baseUrl);
  const cookie = await logIn(baseUrl);
  if (!(await servedOnce(baseUrl, cookie)).ok) throw new Error('the first POST /api/crm/userinfo failed');
  say(`server on ${baseUrl}; ${WRITERS} writers start`);

  const stop = { stopped: false };
  const writers = Array.from({ length: WRITERS }, (_, index) => writer(index + 1, baseUrl, cookie, stop));

  // 5 PostgreSQL restarts and 2 kills, interleaved: P P K P P K P.
  const plan = ['pg', 'pg', 'kill', 'pg', 'pg', 'kill', 'pg'];
  if (plan.filter((e) => e === 'pg').length !== PG_RESTARTS || plan.filter((e) => e === 'kill').length !== SERVER_KILLS)
    throw new Error('the plan does not match PG_RESTARTS / SERVER_KILLS');
  for (const [index, kind] of plan.entries()) {
    await sleep(GAP_MS);
    say(`writes so far: ${counts.acknowledged} acknowledged of ${counts.attempts}`);
    if (kind === 'pg') await pgRestart(baseUrl, cookie, index + 1);
    else await serverKill(baseUrl, cookie, index + 1, port, databaseUrl);
  }
  await sleep(GAP_MS);
  stop.stopped = true;
  await Promise.all(writers);
  say('writers stopped; counting in the database');

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    "select name, count(*)::int as n from clients where name like 'chaos-w%' group by name",
  );
  await client.end();
  const stored = new Map(rows.map((row) => [row.name, row.n]));
  const missing = [...acknowledged].filter((marker) => !stored.has(marker));
  const duplicated = rows.filter((row) => row.n > 1);
  const storedUnacknowledged = rows.filter((row) => !acknowledged.has(row.name)).length;
  const strangers = rows.filter((row) => !attempted.has(row.name)).length;

  const recoveredInTime = (event) => event.recoveryMs !== null && event.recoveryMs <= RECOVERY_LIMIT_MS;
  const allInTime = events.every(recoveredInTime);

  console.log('\n== chaos result ' + '='.repeat(80));
  console.log(
    `writers ${WRITERS}, ${PG_RESTARTS} PostgreSQL restarts (stop -m immediate, ${PG_DOWN_MS / 1000} s away), ` +
      `${SERVER_KILLS} × kill -9 of the server, ${((Date.now() - t0) / 1000).toFixed(0)} s in all\n`,
  );
  table(
    ['event', 'while away', 'served again after', 'since event', '≤ 10 s', 'note'],
    events.map((event) => [
      event.what,
      event.whileAway,
      event.recoveryMs === null ? 'never' : `${(event.recoveryMs / 1000).toFixed(2)} s`,
      event.sinceEventMs === null ? '—' : `${(event.sinceEventMs / 1000).toFixed(2)} s`,
      recoveredInTime(event) ? 'yes' : 'NO',
      event.note,
    ]),
  );
  console.log(
    '\n("served again after": a PostgreSQL restart from the moment PostgreSQL accepts connections again,' +
      ' a kill -9 from the kill; a served call is an authenticated POST /api/crm/userinfo answering code 0)\n',
  );
  table(
    ['writes', 'count'],
    [
      ['attempted', counts.attempts],
      ['acknowledged (code 0)', counts.acknowledged],
      ['answered 503 服务暂不可用', counts.unavailable503],
      ['refused (HTTP 200, code ≠ 0)', counts.refused],
      ['other HTTP status', counts.otherHttp],
      ['network error / timeout', counts.networkErrors],
      ['stored though not acknowledged', storedUnacknowledged],
      ['stored, never sent (should be 0)', strangers],
    ],
  );
  console.log('');
  console.log(`acknowledged: ${counts.acknowledged}`);
  console.log(`missing:      ${missing.length}${missing.length ? ` (${missing.slice(0, 5).join(', ')} …)` : ''}`);
  console.log(`duplicated:   ${duplicated.length}${duplicated.length ? ` (${duplicated[0].name} …)` : ''}`);
  console.log(
    `served again within 10 s each time: ${allInTime ? 'yes' : 'NO'}` +
      ` (${events.filter(recoveredInTime).length}/${events.length})`,
  );
  console.log(`server died by itself: ${unexpectedDeaths.length} time(s)`);
  for (const death of unexpectedDeaths)
    console.log(`  code ${death.code}, signal ${death.signal}; last log:\n${death.log}`);

  const passed =
    counts.acknowledged > 0 &&
    missing.length === 0 &&
    duplicated.length === 0 &&
    strangers === 0 &&
    allInTime &&
    unexpectedDeaths.length === 0;
  console.log(
    `\nchaos ${passed ? 'passed' : 'FAILED'}: ${counts.acknowledged}, ${missing.length}, ${duplicated.length}, ${allInTime ? 'yes' : 'no'}`,
  );
  return passed;
}

let passed = false;
try {
  passed = await main();
} catch (error) {
  console.error(`\nchaos: ${error.stack ?? error}`);
  if (state.server) console.error(`server log (tail):\n${state.server.log().slice(-3_000)}`);
} finally {
  state.stopping = true;
  cleanUp();
}
process.exit(passed ? 0 : 1);
