// First paint on a slow phone network, with the CPU left alone: the network half of what Lighthouse scores.
// Lighthouse multiplies the main thread's real work by four, so on a shared machine its figure moves with the
// neighbours; this bench emulates slow 4G in Chromium (150 ms round trip, 1.6 Mbit/s down, Lighthouse's own
// profile) and reports, per page, FCP, LCP and the number of requests the page made: what a change to chunks,
// stylesheets or compression does, measured back to back. Run with `npm run bench:first-paint` (builds first);
// `node bench/first-paint.mjs /index /business/list` for other pages; `WEB_DIST=<folder>` serves another build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// playwright-core is the e2e workspace's (hoisted to the root node_modules), the same the journeys drive.
import { chromium as playwright } from 'playwright-core';
import { logIn } from './lib/demo-login.mjs';
import { findChromium, startProduct, stopAllServers } from './lib/servers.mjs';

const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 0.75e6 / 8 };
const RUNS = 3;
const pages = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/login', '/index', '/business/list'];

const chromium = findChromium();
if (chromium.problem) {
  console.error(`bench: ${chromium.problem}. Install it with: apt-get install -y chromium`);
  process.exit(1);
}

const runs = new Map(pages.map((page) => [page, []]));
let browser;
try {
  const server = await startProduct('first-paint target', {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'crm-first-paint-')),
  });
  const [cookieName, cookieValue] = (await logIn(server.url)).split('=');
  browser = await playwright.launch({ executablePath: chromium.path, args: ['--no-sandbox'] });
  // Pages take turns, so a burst of load on the machine falls on all of them alike; the median is reported.
  for (let run = 0; run < RUNS; run += 1) {
    for (const page of pages) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies([{ name: cookieName, value: cookieValue, url: server.url }]);
      const tab = await context.newPage();
      const devtools = await context.newCDPSession(tab);
      await devtools.send('Network.enable');
      await devtools.send('Network.emulateNetworkConditions', SLOW_4G);
      let requests = 0;
      tab.on('request', () => (requests += 1));
      await tab.addInitScript(() => {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__largestPaint = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await tab.goto(`${server.url}${page}`, { waitUntil: 'networkidle' });
      const paints = await tab.evaluate(() => ({
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        lcp: window.__largestPaint ?? null,
      }));
      runs.get(page).push({ ...paints, requests });
      await context.close();
    }
  }
} finally {
  await browser?.close();
  await stopAllServers();
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `\nSlow 4G (150 ms, 1.6 Mbit/s), CPU not slowed, median of ${RUNS}, load average ${os.loadavg()[0].toFixed(2)}:\n`,
);
console.log('page               FCP ms    LCP ms  requests');
for (const [page, results] of runs) {
  const fcp = Math.round(median(results.map((result) => result.fcp ?? Infinity)));
  const lcp = Math.round(median(results.map((result) => result.lcp ?? Infinity)));
  const requests = median(results.map((result) => result.requests));
  console.log(
    `${page.padEnd(16)} ${String(fcp).padStart(8)} ${String(lcp).padStart(9)} ${String(requests).padStart(9)}`,
  );
}
