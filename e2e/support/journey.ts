import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone } from './browser.ts';
import { loginThroughUi } from './staff.ts';

/**
 * Where a person's signed-in phone is kept for the other journey files of this run (one file per server and
 * phone). A dozen journeys sign in 王小明: through the SMS screen each time they would pass the server's 10 codes
 * per phone per day, which is a rule worth keeping, so each person is signed in through the screen once per run.
 */
const sessionFile = (phone: string) =>
  path.join(
    os.tmpdir(),
    `crm-e2e-${createHash('sha256').update(inject('baseURL')).digest('hex').slice(0, 12)}-${phone}.json`,
  );

/** The phone opened with a stored session, if there is one the server still honours (home's userinfo answers). */
async function reopenSignedIn(browser: Browser, phone: string) {
  const file = sessionFile(phone);
  if (!fs.existsSync(file)) return null;
  const opened = await newPhone(browser, undefined, file);
  const userinfo = opened.page.waitForResponse((response) => response.url().includes('/api/crm/userinfo'), {
    timeout: 30_000,
  });
  await opened.page.goto('/index');
  const answer = await userinfo.then(
    async (response) => ((await response.json()) as { code?: number }).code,
    () => null,
  );
  if (answer === 0) return opened;
  await opened.context.close();
  return null;
}

/**
 * The phones of a journey between several people: one browser for the file, a logged-in phone per person,
 * all closed when the file is done. Call it at the top of the file (it registers the hooks).
 */
export function journeyPhones(): (who: string) => Promise<Page> {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser.close();
  });
  return async (who) => {
    const reopened = await reopenSignedIn(browser, who);
    if (reopened) {
      contexts.push(reopened.context);
      return reopened.page;
    }
    const { context, page } = await newPhone(browser);
    contexts.push(context);
    await loginThroughUi(page, who);
    await context.storageState({ path: sessionFile(who) });
    return page;
  };
}

/** A valid ID number (GB 11643 check character), so a journey needs no fixture. */
export function idNumber(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return first17 + '10X98765432'[sum % 11];
}

/** A status move on the case page, confirmed in its popup, with a rejection reason when one is asked. */
export async function moveCase(page: Page, to: string, reason?: string) {
  await page.getByRole('button', { name: `改为「${to}」` }).click();
  if (reason) await page.locator('.adm-selector-item', { hasText: reason }).click();
  await page.locator('.adm-popup-body').getByRole('button', { name: '确定' }).click();
  await page.getByText('状态已更新').first().waitFor();
}
