import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone } from './browser.ts';
import { loginThroughUi } from './staff.ts';

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
    const { context, page } = await newPhone(browser);
    contexts.push(context);
    await loginThroughUi(page, who);
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
