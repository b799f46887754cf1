// Benchmarks of the CRM: the JS the login route downloads (gzipped), and the throughput of
// POST /api/crm/userinfo on the embedded database, on PostgreSQL and against a bare Fastify baseline.
// Plain Node ESM so it runs as `node bench/run.mjs`; `npm run bench` builds the web app first.
// See bench/README.md. Flags: --only=size | --only=load, --duration=N (seconds per load run, default 10).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { DEMO, json, logIn } from './lib/demo-login.mjs';
import { findChromium, startProduct, startServer, stopAllServers, stopServer } from './lib/servers.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const distDir = path.join(repoRoot, 'apps/web/dist');
const assetsDir = path.join(distDir, 'assets');
const resultsFile = path.join(benchDir, 'results/latest.json');
// autocannon and playwright-core belong to this workspace; pg to apps/server (npm may hoist either).
const requireHere = createRequire(import.meta.url);
const requireServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));

/** Budget for the gzipped JS of the login route. KB = 1,000 bytes, as Vite prints sizes. */
const LOGIN_BUDGET = { targetBytes: 120_000, limitBytes: 150_000 };
/** Issue 19's budgets: the login route's JS as it crosses the wire (brotli), and any later chunk gzipped. */
const LOGIN_WIRE_LIMIT_BYTES = 110_000;
const CHUNK_LIMIT_BYTES = 60_000;
/** Who opens /business/list in the size part: not DEMO.phone, whose SMS resend window the load part needs. */
const CASE_LIST_PHONE = '13800000002';
const CONNECTIONS = 20;
const WARMUP_SECONDS = 2;
const PG_ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PG_BENCH_DB = 'crm_bench';
/** WeCom's in-app browser, the people who use the app (same user agent as the e2e tests). */
const WECOM_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 wxwork/4.1.30 MicroMessenger/7.0.1 NetType/WIFI Language/zh ColorScheme/Light';

// ---------------------------------------------------------------------------------------------------------
// Command line

let args;
try {
  args = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  }).values;
} catch (error) {
  usage(error.message);
}
if (args.help) usage();
const only = args.only;
if (only !== undefined && only !== 'size' && only !== 'load' && only !== 'cases')
  usage(`--only must be "size", "load" or "cases", not "${only}"`);
const duration = args.duration === undefined ? 10 : Number(args.duration);
if (!Number.isInteger(duration) || duration < 1 || duration > 600)
  usage(`--duration must be whole seconds (1–600), not "${args.duration}"`);
// The instalment-case load test (issue 3) seeds its own 200,000 cases: its own script, run on request.
if (only === 'cases') {
  const child = spawn(
    process.execPath,
    [path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases.mjs'), `--duration=${duration}`],
    { stdio: 'inherit' },
  );
  child.once('exit', (code) => process.exit(code ?? 1));
  await new Promise(() => undefined);
}
const runSize = only !== 'load';
const runLoad = only !== 'size';

function usage(problem) {
  if (problem) console.error(`bench: ${problem}\n`);
  console.error('usage: node bench/run.mjs [--only=size|--only=load|--only=cases] [--duration=SECONDS]');
  process.exit(problem ? 2 : 0);
}

// ---------------------------------------------------------------------------------------------------------
// Output helpers

/** Problems that make the run fail (exit code 1); printed again at the end so they cannot scroll away. */
const failures = [];
function fail(message) {
  failures.push(message);
  console.error(`\n!!! FAIL: ${message}\n`);
}

const kb = (bytes) => (bytes < 1000 ? `${bytes} B` : `${(bytes / 1000).toFixed(1)} KB`);
/** autocannon records whole milliseconds: 0 means under one. */
const ms = (value) => (value === 0 ? '<1 ms' : `${value} ms`);
const num = (value, digits = 0) =>
  value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });

/** `rightColumns`: indexes of the columns to right-align (numbers). */
function table(headers, rows, rightColumns = []) {
  const cells = [headers, ...rows].map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  const line = (row) =>
    row
      .map((cell, column) =>
        rightColumns.includes(column) ? cell.padStart(widths[column]) : cell.padEnd(widths[column]),
      )
      .join('  ');
  console.log(line(cells[0]));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
}

function heading(text) {
  console.log(`\n== ${text} ${'='.repeat(Math.max(0, 100 - text.length))}`);
}

// ---------------------------------------------------------------------------------------------------------
// Child processes: each server runs in its own process group, so stopping it leaves nothing behind.

// ---------------------------------------------------------------------------------------------------------
// 1. Bundle sizes

const gzipBytes = (buffer) => gzipSync(buffer, { level: 9 }).length;
/** `home-page-CGUEhKT5.js` → `home-page`: Vite names chunks `<name>-<8-character hash>.js`. */
const chunkLabel = (file) => file.replace(/-[\w-]{8}\.js$/, '').replace(/\.js$/, '');

/** The JS files index.html loads before any route: the entry script and its modulepreloads. */
function staticEntryScripts(indexHtml) {
  const files = [];
  const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
  for (const tag of indexHtml.match(/<script\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'type') === 'module' && attribute(tag, 'src'))
      files.push({ url: attribute(tag, 'src'), how: 'entry' });
  }
  for (const tag of indexHtml.match(/<link\b[^>]*>/gi) ?? []) {
    if (attribute(tag, 'rel') === 'modulepreload' && attribute(tag, 'href'))
      files.push({ url: attribute(tag, 'href'), how: 'modulepreload' });
  }
  return files;
}

/** Chromium as a phone in WeCom; `scripts` collects every .js answered from now on (reset it to start over). */
async function openPhone(chromiumPath) {
  const { chromium } = requireHere('playwright-core');
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({
    userAgent: WECOM_USER_AGENT,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
  });
  const page = await context.newPage();
  const scripts = new Map();
  const problems = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    if (response.status() !== 200) problems.push(`${url.pathname} answered ${response.status()}`);
    else scripts.set(url.pathname, response);
  });
  page.on('requestfailed', (request) => {
    if (new URL(request.url()).pathname.endsWith('.js'))
      problems.push(`${new URL(request.url()).pathname} failed: ${request.failure()?.errorText}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { browser, page, scripts, problems };
}

/** Every .js the browser downloads to show /login in WeCom, once the page has settled. */
async function jsLoadedByLogin(baseUrl, chromiumPath) {
  const { browser, page, scripts, problems } = await openPhone(chromiumPath);
  try {
    await page.goto(`${baseUrl}/login`, {
      waitUntil: 'networkidle',
      timeout: 30_000,
    });
    // The login form proves the login route's chunk ran; then let any lazy loads it starts finish.
    const formShown = await page
      .waitForSelector('input', { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    if (!formShown) problems.push(`/login showed no form (landed on ${page.url()})`);
    const loaded = [];
    for (const [pathname, response] of scripts)
      loaded.push({
        url: pathname,
        body: await response.body().catch(() => null),
        // What crossed the wire, as the browser asked for it (Accept-Encoding: gzip, deflate, br, zstd).
        wireBytes:
          (
            await response
              .request()
              .sizes()
              .catch(() => null)
          )?.responseBodySize ?? null,
        encoding: (await response.allHeaders().catch(() => ({})))['content-encoding'] ?? 'none',
      });
    return { loaded, problems };
  } finally {
    await browser.close();
  }
}

/**
 * The .js a phone downloads to open 我的报单 (/business/list) from the home page: logs in through the login
 * screen (as staff 2, so the load part's SMS window for staff 1 stays free), waits for home to settle, then
 * taps the tile and counts only the requests made after that.
 */
async function jsLoadedByCaseListAfterHome(baseUrl, chromiumPath) {
  const { browser, page, scripts, problems } = await openPhone(chromiumPath);
  try {
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle', timeout: 30_000 });
    await page.locator('#login-corp').click();
    await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
    await page.getByPlaceholder('请输入手机号码').fill(CASE_LIST_PHONE);
    await page.getByRole('button', { name: '获取验证码' }).click();
    const code = page.getByPlaceholder('请输入验证码');
    for (let tries = 0; tries < 100 && !/^\d{6}$/.test(await code.inputValue()); tries += 1)
      await page.waitForTimeout(100);
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForURL('**/index', { timeout: 30_000 });
    const tile = page.getByRole('link', { name: /我的报单/ });
    await tile.waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    scripts.clear();
    await tile.click();
    await page.waitForURL('**/business/list', { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    const loaded = [];
    for (const [pathname, response] of scripts)
      loaded.push({ url: pathname, body: await response.body().catch(() => null) });
    return { loaded, problems };
  } finally {
    await browser.close();
  }
}

async function measureSizes(getServer) {
  heading('1. Bundle sizes (gzip -9)');
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile) || !fs.existsSync(assetsDir)) {
    fail(
      `apps/web/dist is missing (no ${path.relative(repoRoot, indexFile)}): build the web app first with \`npm run build\` (npm run bench does it).`,
    );
    return { status: 'dist-missing' };
  }
  const indexHtml = fs.readFileSync(indexFile, 'utf8');
  const assetFiles = fs.readdirSync(assetsDir).filter((file) => file.endsWith('.js'));
  const fileOf = (url) => path.join(distDir, new URL(url, 'http://x').pathname);

  const entries = staticEntryScripts(indexHtml);
  if (!entries.some((entry) => entry.how === 'entry')) {
    fail('apps/web/dist/index.html has no <script type="module" src=...>: the build looks broken.');
    return { status: 'no-entry' };
  }
  const login = new Map(entries.map((entry) => [new URL(entry.url, 'http://x').pathname, { ...entry, body: null }]));

  let method = 'index.html + Chromium';
  const chromium = findChromium();
  if (chromium.problem) {
    fail(
      `cannot find the lazy chunks of /login: ${chromium.problem}. The login total below is only the entry + modulepreloads.`,
    );
    method = 'index.html only (incomplete: no Chromium)';
  } else {
    const server = await getServer();
    const { loaded, problems } = await jsLoadedByLogin(server.url, chromium.path);
    if (problems.length > 0) {
      fail(
        `loading /login in Chromium went wrong (was apps/web/dist rebuilt during the run? then rerun):\n    ${problems.join('\n    ')}`,
      );
    }
    for (const script of loaded) {
      if (!login.has(script.url))
        login.set(script.url, {
          url: script.url,
          how: 'lazy (route)',
          body: script.body,
        });
      else login.get(script.url).body = script.body;
      Object.assign(login.get(script.url), { wireBytes: script.wireBytes, encoding: script.encoding });
    }
  }

  const loginRows = [];
  for (const entry of login.values()) {
    const file = fileOf(entry.url);
    const buffer = fs.existsSync(file) ? fs.readFileSync(file) : entry.body;
    if (!buffer) {
      fail(`${entry.url} is listed by index.html but missing from apps/web/dist (was it rebuilt during the run?)`);
      continue;
    }
    loginRows.push({
      file: path.basename(file),
      name: chunkLabel(path.basename(file)),
      how: entry.how,
      rawBytes: buffer.length,
      gzipBytes: gzipBytes(buffer),
      wireBytes: entry.wireBytes ?? null,
      encoding: entry.encoding ?? '?',
    });
  }
  const order = { entry: 0, modulepreload: 1 };
  loginRows.sort((a, b) => (order[a.how] ?? 2) - (order[b.how] ?? 2) || b.gzipBytes - a.gzipBytes);
  const loginTotal = loginRows.reduce((sum, row) => sum + row.gzipBytes, 0);
  const loginRaw = loginRows.reduce((sum, row) => sum + row.rawBytes, 0);
  const verdict =
    loginTotal > LOGIN_BUDGET.limitBytes
      ? 'OVER THE LIMIT'
      : loginTotal > LOGIN_BUDGET.targetBytes
        ? 'over target, under limit'
        : 'within target';

  console.log(`\nJS the login route needs (${method}):\n`);
  const loginWire = loginRows.every((row) => row.wireBytes !== null)
    ? loginRows.reduce((sum, row) => sum + row.wireBytes, 0)
    : null;
  table(
    ['chunk', 'file', 'loaded as', 'raw', 'gzip', 'on the wire'],
    [
      ...loginRows.map((row) => [
        row.name,
        row.file,
        row.how,
        kb(row.rawBytes),
        kb(row.gzipBytes),
        row.wireBytes === null ? '?' : `${kb(row.wireBytes)} ${row.encoding}`,
      ]),
      ['TOTAL', '', '', kb(loginRaw), kb(loginTotal), loginWire === null ? '?' : kb(loginWire)],
    ],
    [3, 4, 5],
  );
  if (loginWire !== null) {
    console.log(
      `\nLogin JS on the wire (what the browser received): ${kb(loginWire)} — limit ${kb(LOGIN_WIRE_LIMIT_BYTES)}`,
    );
    if (loginWire > LOGIN_WIRE_LIMIT_BYTES)
      fail(`the login route sends ${kb(loginWire)} of JS over the wire, above the ${kb(LOGIN_WIRE_LIMIT_BYTES)} limit`);
  }
  console.log(
    `\nLogin JS: ${kb(loginTotal)} gzipped — target ${kb(LOGIN_BUDGET.targetBytes)}, limit ${kb(LOGIN_BUDGET.limitBytes)}: ${verdict}`,
  );
  if (loginTotal > LOGIN_BUDGET.limitBytes) {
    fail(`the login route downloads ${kb(loginTotal)} of gzipped JS, above the ${kb(LOGIN_BUDGET.limitBytes)} limit`);
  }

  let caseList = null;
  if (!chromium.problem) {
    const server = await getServer();
    const { loaded, problems } = await jsLoadedByCaseListAfterHome(server.url, chromium.path);
    if (problems.length > 0) fail(`opening /business/list after home went wrong:\n    ${problems.join('\n    ')}`);
    const rows = loaded.map((script) => {
      const file = fileOf(script.url);
      const buffer = fs.existsSync(file) ? fs.readFileSync(file) : script.body;
      return {
        file: path.basename(file),
        name: chunkLabel(path.basename(file)),
        rawBytes: buffer.length,
        gzipBytes: gzipBytes(buffer),
      };
    });
    rows.sort((a, b) => b.gzipBytes - a.gzipBytes);
    const total = rows.reduce((sum, row) => sum + row.gzipBytes, 0);
    console.log('\nJS a phone downloads to open /business/list from home (only requests after home settled):\n');
    table(
      ['chunk', 'file', 'raw', 'gzip'],
      [
        ...rows.map((row) => [row.name, row.file, kb(row.rawBytes), kb(row.gzipBytes)]),
        ['TOTAL', '', kb(rows.reduce((sum, row) => sum + row.rawBytes, 0)), kb(total)],
      ],
      [2, 3],
    );
    if (rows.some((row) => /^(house|money)/.test(row.name)))
      fail('/business/list downloaded the house or money chunk: the per-feature split is broken');
    caseList = { totalGzipBytes: total, chunks: rows };
  }

  const loginFiles = new Set(loginRows.map((row) => row.file));
  const otherRows = assetFiles
    .filter((file) => !loginFiles.has(file))
    .map((file) => {
      const buffer = fs.readFileSync(path.join(assetsDir, file));
      return {
        file,
        name: chunkLabel(file),
        rawBytes: buffer.length,
        gzipBytes: gzipBytes(buffer),
      };
    })
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.name.localeCompare(b.name));
  console.log('\nOther JS chunks in apps/web/dist/assets (loaded later, by other routes):\n');
  table(
    ['chunk', 'file', 'raw', 'gzip'],
    otherRows.map((row) => [row.name, row.file, kb(row.rawBytes), kb(row.gzipBytes)]),
    [2, 3],
  );
  const oversized = otherRows.filter((row) => row.gzipBytes > CHUNK_LIMIT_BYTES);
  console.log(
    `\nLargest other chunk: ${otherRows[0] ? `${otherRows[0].name} ${kb(otherRows[0].gzipBytes)}` : 'none'} — limit ${kb(CHUNK_LIMIT_BYTES)} each`,
  );
  if (oversized.length > 0)
    fail(`chunks above ${kb(CHUNK_LIMIT_BYTES)} gzipped: ${oversized.map((row) => row.name).join(', ')}`);
  const allGzip = loginTotal + otherRows.reduce((sum, row) => sum + row.gzipBytes, 0);
  console.log(`\nAll JS: ${assetFiles.length} chunks, ${kb(allGzip)} gzipped`);

  return {
    status: method.includes('incomplete') ? 'incomplete' : 'ok',
    method,
    unit: 'bytes (KB in the printout = 1,000 bytes)',
    login: {
      totalGzipBytes: loginTotal,
      totalRawBytes: loginRaw,
      totalWireBytes: loginWire,
      wireLimitBytes: LOGIN_WIRE_LIMIT_BYTES,
      ...LOGIN_BUDGET,
      verdict,
      chunks: loginRows,
    },
    caseListAfterHome: caseList,
    otherChunks: otherRows,
    chunkLimitBytes: CHUNK_LIMIT_BYTES,
    allJsGzipBytes: allGzip,
  };
}

// ---------------------------------------------------------------------------------------------------------
// 2. Load test of POST /api/crm/userinfo

function userinfoRequest(baseUrl, cookie) {
  return {
    url: `${baseUrl}/api/crm/userinfo`,
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: `id=${DEMO.staffId}`,
  };
}

/** One request by hand before the load, so a broken login or route fails with its message, not as a count. */
async function checkOnce(request, name) {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body,
  });
  const body = await json(response, `${name}: POST /api/crm/userinfo`);
  if (response.status !== 200 || body.code !== 0) {
    throw new Error(
      `${name}: POST /api/crm/userinfo answered HTTP ${response.status} ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return body;
}

async function cannon(request, seconds) {
  const autocannon = requireHere('autocannon');
  return autocannon({
    ...request,
    connections: CONNECTIONS,
    duration: seconds,
    // Business refusals come back as HTTP 200 with code ≠ 0 (plugins/envelope.ts): count them as well.
    verifyBody: (body) => body.startsWith('{"code":0,'),
  });
}

/** Warm-up (discarded), then the measured run. */
async function loadTest(name, server, request) {
  process.stdout.write(`  ${name}: warming up ${WARMUP_SECONDS} s, measuring ${duration} s … `);
  await cannon(request, WARMUP_SECONDS);
  const result = await cannon(request, duration);
  const bad = result.non2xx + result.mismatches + result.errors + result.timeouts;
  const row = {
    target: name,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    codeNotZero: result.mismatches,
    errors: result.errors,
    timeouts: result.timeouts,
    serverStartMs: server.startMs,
  };
  console.log(`${num(row.requestsPerSecond)} req/s`);
  if (bad > 0) {
    fail(
      `${name}: ${result.non2xx} non-2xx answers, ${result.mismatches} answers with code ≠ 0, ${result.errors} errors, ` +
        `${result.timeouts} timeouts out of ${result.requests.total} requests (status codes: ${JSON.stringify(result.statusCodeStats)})`,
    );
  }
  return row;
}

async function postgresReachable() {
  let pg;
  try {
    pg = requireServer('pg');
  } catch (error) {
    return {
      reason: `the pg driver is not resolvable from apps/server (${error.message})`,
    };
  }
  const client = new pg.Client({
    connectionString: PG_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query(`drop database if exists ${PG_BENCH_DB} with (force)`);
    await client.query(`create database ${PG_BENCH_DB}`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${PG_BENCH_DB}`;
    return { url: url.toString(), pg };
  } catch (error) {
    return {
      reason: `PostgreSQL at ${PG_ADMIN_URL.replace(/\/\/[^@/]*@/, '//…@')} is unreachable or refused: ${error.message}`,
    };
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropBenchDatabase(pg) {
  const client = new pg.Client({
    connectionString: PG_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query(`drop database if exists ${PG_BENCH_DB} with (force)`);
  } catch (error) {
    console.error(`bench: could not drop the ${PG_BENCH_DB} database: ${error.message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function runProductTarget(name, server) {
  const cookie = await logIn(server.url);
  const request = userinfoRequest(server.url, cookie);
  const sample = await checkOnce(request, name);
  const row = await loadTest(name, server, request);
  row.sampleBadges = sample.data?.total;
  await checkOnce(request, `${name} (after the load)`);
  return row;
}

async function measureLoad(embedded) {
  heading(
    `2. Load test: POST /api/crm/userinfo, ${CONNECTIONS} connections, ${duration} s each (after ${WARMUP_SECONDS} s warm-up)`,
  );
  console.log(
    `  node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const rows = [];
  const skipped = [];

  // (c) first, so a machine that is busy from the start shows in the baseline too.
  const hello = await startServer('hello-world', [path.join(benchDir, 'hello-world.mjs')], {});
  try {
    const request = userinfoRequest(hello.url, null);
    await checkOnce(request, 'hello-world');
    rows.push(await loadTest('hello-world (bare Fastify)', hello, request));
  } finally {
    await stopServer(hello);
  }

  // (a) the embedded database.
  try {
    const server = await embedded.get();
    rows.push(await runProductTarget('userinfo, embedded PGlite', server));
  } catch (error) {
    fail(`embedded database: ${error.message}`);
  } finally {
    await embedded.stop();
  }

  // (b) PostgreSQL, in a database created for the run and dropped after it.
  const pgCheck = await postgresReachable();
  if (pgCheck.reason) {
    console.log(`  userinfo, PostgreSQL: SKIPPED — ${pgCheck.reason}`);
    skipped.push({ target: 'userinfo, PostgreSQL', reason: pgCheck.reason });
  } else {
    let server;
    try {
      server = await startProduct('server (PostgreSQL)', {
        DATABASE_URL: pgCheck.url,
      });
      rows.push(await runProductTarget('userinfo, PostgreSQL', server));
    } catch (error) {
      fail(`PostgreSQL: ${error.message}`);
    } finally {
      if (server) await stopServer(server);
      await dropBenchDatabase(pgCheck.pg);
    }
  }

  const baseline = rows.find((row) => row.target.startsWith('hello-world'));
  for (const row of rows) row.ratioToHelloWorld = baseline ? row.requestsPerSecond / baseline.requestsPerSecond : null;

  console.log('');
  table(
    ['target', 'req/s', 'p50', 'p99', 'max', '× hello-world', 'requests', 'non-2xx', 'code≠0', 'errors'],
    rows.map((row) => [
      row.target,
      num(row.requestsPerSecond),
      ms(row.latencyP50Ms),
      ms(row.latencyP99Ms),
      ms(row.latencyMaxMs),
      row.ratioToHelloWorld === null ? '—' : row.ratioToHelloWorld.toFixed(3),
      num(row.requests),
      row.non2xx,
      row.codeNotZero,
      row.errors + row.timeouts,
    ]),
    [1, 2, 3, 4, 5, 6, 7, 8, 9],
  );
  for (const row of rows) {
    if (row === baseline || !row.ratioToHelloWorld) continue;
    console.log(
      `  ${row.target}: ${(row.ratioToHelloWorld * 100).toFixed(1)} % of bare Fastify's throughput ` +
        `(each request costs ${(1 / row.ratioToHelloWorld).toFixed(1)}× a hello-world)`,
    );
  }
  for (const skip of skipped) console.log(`  ${skip.target}: skipped (${skip.reason})`);
  return {
    connections: CONNECTIONS,
    durationSeconds: duration,
    warmupSeconds: WARMUP_SECONDS,
    body: `id=${DEMO.staffId}`,
    results: rows,
    skipped,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Main

/** One embedded-database server, started on first use: the size part loads /login from it, the load part measures it. */
function lazyEmbeddedServer() {
  let dataDir = null;
  let serverPromise = null;
  return {
    get() {
      if (!serverPromise) {
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-bench-'));
        serverPromise = startProduct('server (embedded PGlite)', {
          DATA_DIR: dataDir,
        });
      }
      return serverPromise;
    },
    async stop() {
      if (serverPromise) await serverPromise.then(stopServer, () => undefined);
      serverPromise = null;
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      dataDir = null;
    },
  };
}

const started = Date.now();
const report = {
  date: new Date().toISOString(),
  node: process.version,
  platform: `${os.platform()} ${os.arch()}`,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
  parts: [runSize && 'size', runLoad && 'load'].filter(Boolean),
};
const embedded = lazyEmbeddedServer();
try {
  if (runSize) {
    try {
      report.size = await measureSizes(() => embedded.get());
    } catch (error) {
      fail(`bundle sizes: ${error.stack ?? error}`);
    }
  }
  if (runLoad) {
    try {
      report.load = await measureLoad(embedded);
    } catch (error) {
      fail(`load test: ${error.stack ?? error}`);
    }
  }
} finally {
  await embedded.stop();
  await stopAllServers();
}

report.durationSeconds = Math.round((Date.now() - started) / 100) / 10;
report.failures = failures;
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `\nWrote ${path.relative(process.cwd(), resultsFile) || resultsFile} (${report.durationSeconds} s in all).`,
);
if (failures.length > 0) {
  const firstLine = (message) => (message.includes('\n') ? `${message.split('\n')[0]} (details above)` : message);
  console.error(`\nbench FAILED (${failures.length}):\n  - ${failures.map(firstLine).join('\n  - ')}`);
  process.exitCode = 1;
} else {
  console.log('bench passed.');
}
