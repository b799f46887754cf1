import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach } from 'vitest';

/**
 * axe-core on every page a journey visits (issue 39): each phone of the journeys (support/browser.ts `newPhone`)
 * is watched, and after each navigation that lands on an address not yet checked in this file, once the page has
 * settled, axe runs in it. A serious or critical finding fails the test that was running. The journeys do not call
 * anything: a new journey is checked by being written.
 *
 * Checked once per distinct address (path and query) per journey file, so the whole suite pays a few seconds.
 * The journey goes on while axe runs; a run whose page moved on meanwhile is dropped and the address is checked on
 * a later visit. `AXE_REPORT=<file>` appends the findings to that file instead of failing (a survey of the suite).
 */

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Rules left out, each with why it is a false positive here. None so far. */
const DISABLED_RULES: Record<string, string> = {};

/** Impacts that fail a journey. */
const FAILING = new Set(['serious', 'critical']);

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/** This file's state: every journey file loads the support modules afresh. */
const checked = new Set<string>();
const findings: string[] = [];
const running = new Set<Promise<void>>();
const queues = new WeakMap<Page, Promise<void>>();

const addressOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.protocol.startsWith('http') ? `${parsed.pathname}${parsed.search}` : null;
};

/**
 * Resolves when the page has been still for a moment (no DOM change, no finite CSS transition or animation running,
 * no skeleton or busy button), or after `max`: a half-faded toast or popup would read as low contrast, and a button
 * waiting on the server shows only its spinner.
 */
function settle({ quiet, max }: { quiet: number; max: number }): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    let last = start;
    const observer = new MutationObserver(() => (last = performance.now()));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const tick = () => {
      const now = performance.now();
      const loading = document.querySelector(
        '.adm-skeleton, .adm-spin-loading, .adm-button-loading, [aria-busy="true"]',
      );
      const moving = document
        .getAnimations()
        .some(
          (animation) =>
            animation.playState === 'running' && animation.effect?.getComputedTiming().endTime !== Infinity,
        );
      if ((!loading && !moving && now - last >= quiet) || now - start >= max) {
        observer.disconnect();
        resolve();
      } else setTimeout(tick, 100);
    };
    setTimeout(tick, 100);
  });
}

/** How often a run the page changed under is taken again before the address waits for a later visit. */
const ATTEMPTS = 3;

async function runAxe(page: Page, address: string): Promise<Finding[] | null> {
  await page.waitForLoadState('load');
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    await page.evaluate(settle, { quiet: 400, max: 8000 });
    if (addressOf(page.url()) !== address) return null;
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    const run = await axeOnce(page, address);
    if (run === null) return null;
    // The journey goes on while axe runs: a dialog that began to fade in meanwhile was measured half-drawn
    // (its text at 3:1 against a half-dark mask). Such a run proves nothing either way; take it again.
    if (!run.changed) return run.findings;
  }
  return null;
}

async function axeOnce(page: Page, address: string): Promise<{ findings: Finding[]; changed: boolean } | null> {
  return page.evaluate(
    async ({ address, disabled }) => {
      type AxeResult = {
        violations: Array<{
          id: string;
          impact: string | null;
          help: string;
          nodes: Array<{ target: unknown[]; html: string; failureSummary?: string }>;
        }>;
      };
      const axe = (window as unknown as { axe: { run: (context: object, options: object) => Promise<AxeResult> } }).axe;
      let changed = false;
      const observer = new MutationObserver(() => (changed = true));
      observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      // A toast fades in and out, and axe measured its text mid-fade (签到成功 at 2.93:1, blended with the page);
      // at full opacity it is white on 70 % black, and it is gone in two seconds: a false positive, so skipped.
      const result = await axe.run(
        { exclude: [['.crm-toast'], ['.adm-toast-mask']] },
        {
          resultTypes: ['violations'],
          rules: Object.fromEntries(disabled.map((id) => [id, { enabled: false }])),
        },
      );
      observer.disconnect();
      if (`${location.pathname}${location.search}` !== address) return null;
      const findings = result.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' '),
          html: node.html.slice(0, 200),
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
        })),
      }));
      return { findings, changed };
    },
    { address, disabled: Object.keys(DISABLED_RULES) },
  );
}

async function check(page: Page, address: string) {
  if (checked.has(address) || page.isClosed()) return;
  checked.add(address);
  let violations: Finding[] | null;
  try {
    violations = await runAxe(page, address);
  } catch {
    // The page closed or navigated while axe ran; the address waits for its next visit.
    violations = null;
  }
  if (violations === null) {
    checked.delete(address);
    return;
  }
  for (const violation of violations) {
    if (!FAILING.has(violation.impact ?? '')) continue;
    const nodes = violation.nodes.map((node) => `    ${node.target}: ${node.html}\n      ${node.summary}`).join('\n');
    findings.push(`${address} — ${violation.impact} ${violation.id}: ${violation.help}\n${nodes}`);
  }
}

function watchPage(page: Page) {
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const address = addressOf(frame.url());
    if (!address || checked.has(address)) return;
    // One run at a time per page, in the order the page went.
    const next = (queues.get(page) ?? Promise.resolve()).then(() => check(page, address));
    queues.set(page, next);
    running.add(next);
    void next.finally(() => running.delete(next));
  });
}

/**
 * Waits until axe has run on the page's current address, for a journey that must know it was checked (one that
 * moves on at once would have its run dropped). True when the address is checked in this file.
 */
export async function accessibilityChecked(page: Page): Promise<boolean> {
  await page.waitForLoadState('load');
  // A navigation's run is queued on its event; give a same-document one its turn to be queued.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await queues.get(page);
  const address = addressOf(page.url());
  return address !== null && checked.has(address);
}

/** Watches every page the phone opens. */
export function watchAccessibility(context: BrowserContext): void {
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
}

afterEach(async () => {
  // The last page's run finishes before the verdict (a closed page ends its run at once).
  await Promise.race([Promise.allSettled([...running]), new Promise((resolve) => setTimeout(resolve, 20_000))]);
  if (findings.length === 0) return;
  const report = findings.splice(0).join('\n');
  if (process.env.AXE_REPORT) return void fs.appendFileSync(process.env.AXE_REPORT, `${report}\n`);
  throw new Error(`axe found serious or critical accessibility faults:\n${report}`);
});
