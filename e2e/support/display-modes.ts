import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { accessibilityChecked } from './axe.ts';

/** Stays on the page until axe has checked it (support/axe.ts), failing if it could not. */
export async function expectAxeRan(page: Page): Promise<void> {
  expect(await accessibilityChecked(page), `axe did not check ${page.url()}`).toBe(true);
}

/**
 * The pages issue 49's modes are checked on, each held until axe has run on it (a serious or critical finding fails
 * the test): the home page, the salesperson's case list, and the first case in it. `onEach` measures more.
 */
export async function visitCasePages(page: Page, onEach: () => Promise<void> = async () => undefined): Promise<void> {
  await page.goto('/index');
  await page
    .getByRole('link', { name: /我的报单|我的消息/ })
    .first()
    .waitFor();
  await expectAxeRan(page);
  await onEach();
  await page.getByRole('link', { name: /我的报单/ }).click();
  await page.waitForURL('**/business/list');
  await page.locator('a.case-row').first().waitFor();
  await expectAxeRan(page);
  await onEach();
  await page.locator('a.case-row').first().click();
  await page.waitForURL('**/business/detail/*');
  await page.getByText('跟进记录').first().waitFor();
  await expectAxeRan(page);
  await onEach();
}

/**
 * What <html> carries when no script of the app has run: the head script's work alone, under the page's CSP.
 * `path` is an address the journey visits nowhere else (a query of its own): axe checks each address once per
 * file, and this page is only the static skeleton.
 */
export async function marksBeforeTheApp(page: Page, path: string): Promise<{ isDark: boolean; isElder: boolean }> {
  await page.route('**/assets/*.js', (route) => route.abort());
  try {
    await page.goto(path);
    return await page.evaluate(() => ({
      isDark: document.documentElement.getAttribute('data-prefers-color-scheme') === 'dark',
      isElder: document.documentElement.classList.contains('elder-mode'),
    }));
  } finally {
    await page.unroute('**/assets/*.js');
  }
}

/** Text on screen under 18 px (MIIT 适老化's floor), as `size text`. */
export function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const element = node.parentElement;
      if (!text || !element || element.closest('[aria-hidden="true"]')) continue;
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      const size = parseFloat(style.fontSize);
      if (size < 18) found.push(`${size}px ${text.slice(0, 20)}`);
    }
    return found;
  });
}

/** Controls on screen under 60 × 60 px (MIIT 适老化's target), as `width×height name`. */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'button, a[href], [role="button"], [role="switch"], [role="tab"], [role="checkbox"], input:not([type="file"]), textarea',
      ),
    ].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') return [];
      if (box.width >= 59.5 && box.height >= 59.5) return [];
      const name = (
        element.getAttribute('aria-label') ??
        element.textContent ??
        element.getAttribute('placeholder') ??
        ''
      )
        .trim()
        .slice(0, 20);
      return [`${Math.round(box.width)}×${Math.round(box.height)} ${element.tagName.toLowerCase()} ${name}`];
    }),
  );
}
