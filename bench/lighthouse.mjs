// Lighthouse (mobile profile: a mid-range phone on slow 4G, simulated) against the product as `npm start`
// serves it, in the machine's Chromium: performance and accessibility of /login, /index, /business/list and
// /calculator. Run with `npm run bench:lighthouse` (builds the web app first). See bench/README.md §4.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { logIn } from './lib/demo-login.mjs';
import { startH2Front } from './lib/h2-front.mjs';
import { findChromium, startProduct, stopAllServers } from './lib/servers.mjs';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const resultsFile = path.join(benchDir, 'results/lighthouse.json');
const distIndex = path.join(benchDir, '../apps/web/dist/index.html');
/** Issue 19's bar for both categories on every page. */
const TARGET = 95;
/** The pages; the signed-in ones carry the demo staff member's session cookie. */
const PAGES = [
  { path: '/login', signedIn: false },
  { path: '/index', signedIn: true },
  { path: '/business/list', signedIn: true },
  { path: '/calculator', signedIn: true },
];

const chromium = findChromium();
if (chromium.problem) {
  console.error(`bench: ${chromium.problem}. Install it with: apt-get install -y chromium`);
  process.exit(1);
}
if (!fs.existsSync(distIndex)) {
  console.error('bench: apps/web/dist is missing; run `npm run build` first (npm run bench:lighthouse does)');
  process.exit(1);
}

/**
 * LIGHTHOUSE_FRONT=h2 measures the pages as production serves them: through a TLS + HTTP/2 front like the load
 * balancer of docs/deploy.md (bench/lib/h2-front.mjs). Without it the browser talks HTTP/1.1 to node directly.
 */
const front = process.env.LIGHTHOUSE_FRONT ?? 'none';
if (front !== 'none' && front !== 'h2') {
  console.error(`bench: LIGHTHOUSE_FRONT is 'h2' or unset, not '${front}'`);
  process.exit(1);
}

const started = Date.now();
const rows = [];
let chrome;
let h2Front;
try {
  const server = await startProduct('lighthouse target', {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crm-lighthouse-')),
  });
  const cookie = await logIn(server.url);
  h2Front = front === 'h2' ? await startH2Front(server.url) : undefined;
  const origin = h2Front?.url ?? server.url;
  chrome = await chromeLauncher.launch({
    chromePath: chromium.path,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      // The front's certificate is a throwaway self-signed one.
      ...(h2Front ? ['--ignore-certificate-errors'] : []),
    ],
  });
  // LIGHTHOUSE_PAGES=/index,/business/list measures only those.
  const wanted = process.env.LIGHTHOUSE_PAGES?.split(',');
  for (const page of PAGES.filter((candidate) => !wanted || wanted.includes(candidate.path))) {
    const result = await lighthouse(
      `${origin}${page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
      },
      undefined,
    );
    const { lhr } = result;
    if (process.env.LIGHTHOUSE_KEEP)
      fs.writeFileSync(
        path.join(process.env.LIGHTHOUSE_KEEP, `${page.path.replaceAll('/', '_')}.json`),
        JSON.stringify(lhr),
      );
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0);
    rows.push({
      path: page.path,
      landedOn: new URL(lhr.finalDisplayedUrl).pathname,
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: ms('first-contentful-paint'),
      lcpMs: ms('largest-contentful-paint'),
      tbtMs: ms('total-blocking-time'),
      cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      // What the largest paint was, and the request chain before it: where a slow LCP comes from.
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      lcpPhases: lhr.audits['largest-contentful-paint-element']?.details?.items?.[1]?.items ?? null,
      longestChain: lhr.audits['critical-request-chains']?.details?.longestChain ?? null,
      // Where the blocking time comes from: the main thread's work by kind, and the scripts that cost most.
      mainThreadMs: Object.fromEntries(
        (lhr.audits['mainthread-work-breakdown']?.details?.items ?? []).map((item) => [
          item.group,
          Math.round(item.duration),
        ]),
      ),
      costliestScripts: (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((item) => ({
        url: item.url.replace(/^https?:\/\/[^/]+/, ''),
        scriptingMs: Math.round(item.scripting),
        parseCompileMs: Math.round(item.scriptParseCompile),
      })),
      // The main thread's long tasks as Lighthouse simulated them: [script, start ms, duration ms].
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((item) => [
        item.url.replace(/^https?:\/\/[^/]+/, ''),
        Math.round(item.startTime),
        Math.round(item.duration),
      ]),
      failedAccessibilityAudits: Object.values(lhr.audits)
        .filter((audit) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === audit.id))
        .filter((audit) => audit.score !== null && audit.score < 1)
        .map((audit) => `${audit.id} (${audit.details?.items?.[0]?.node?.snippet ?? ''})`),
    });
  }
} finally {
  await chrome?.kill();
  await h2Front?.close();
  await stopAllServers();
}

const pad = (value, width) => String(value).padStart(width);
console.log(
  `\nLighthouse ${TARGET}+ wanted (mobile profile, ${front === 'h2' ? 'through a TLS + HTTP/2 front' : 'HTTP/1.1 to node'}), load average ${os.loadavg()[0].toFixed(2)}:\n`,
);
console.log('page             perf  a11y    FCP ms    LCP ms    TBT ms    CLS  landed on');
for (const row of rows) {
  console.log(
    `${row.path.padEnd(15)} ${pad(row.performance, 5)} ${pad(row.accessibility, 5)} ${pad(row.fcpMs, 9)} ${pad(row.lcpMs, 9)} ${pad(row.tbtMs, 9)} ${pad(row.cls, 6)}  ${row.landedOn}`,
  );
  if (row.failedAccessibilityAudits.length > 0)
    console.log(`                accessibility audits failed: ${row.failedAccessibilityAudits.join(', ')}`);
}
const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}`,
  loadAverage: os.loadavg()[0],
  front,
  target: TARGET,
  pages: rows,
  durationSeconds: Math.round((Date.now() - started) / 1000),
};
fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
fs.writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
const below = rows.filter((row) => row.performance < TARGET || row.accessibility < TARGET);
console.log(
  below.length === 0
    ? `\nEvery page at ${TARGET} or above.`
    : `\nBelow ${TARGET}: ${below.map((row) => row.path).join(', ')} (scores move with the machine's load; see the load average).`,
);
console.log(`Written to ${path.relative(process.cwd(), resultsFile)}`);
