import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { expectAxeRan, marksBeforeTheApp, smallTargets, smallText, visitCasePages } from '../support/display-modes.ts';
import { loginThroughUi } from '../support/staff.ts';

/*
 * 长辈版 (issue 49, decision 075), to the MIIT 适老化 numbers: no text under 18 px and no control under 60 × 60 px on
 * the pages a salesperson opens most, contrast checked by axe (support/axe.ts) on each; switched on the home page
 * and remembered on the phone.
 */
let browser: Browser;
let phone: { context: BrowserContext; page: Page };
beforeAll(async () => {
  browser = await launchBrowser();
  phone = await newPhone(browser);
  // The phone of someone who switched it on before (what the switch stores): every page axe sees is in 长辈版.
  await phone.context.addInitScript(() => {
    if (localStorage.getItem('crm-elder-mode') === null) localStorage.setItem('crm-elder-mode', '1');
  });
});
afterAll(async () => {
  await phone.context.close();
  await browser.close();
});

const isElder = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('elder-mode'));

describe('长辈版', () => {
  it('has large text and large targets on login, home, a case list and a case', async () => {
    const { page } = phone;
    const expectLarge = async () => {
      expect(await smallText(page)).toEqual([]);
      expect(await smallTargets(page)).toEqual([]);
    };
    await page.goto('/login');
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(await isElder(page)).toBe(true);
    await expectAxeRan(page);
    await expectLarge();

    await loginThroughUi(page, '13800000001');
    // The server's answer is in (the user's row with its link), so every page is measured with its data.
    await page.getByRole('link', { name: '我的消息' }).waitFor();
    await visitCasePages(page, expectLarge);
  });

  it('is switched off and on from the home page, and the phone remembers it from the first paint', async () => {
    const { page } = phone;
    await page.goto('/index');
    const toggle = page.getByRole('switch', { name: /长辈版/ });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await isElder(page)).toBe(false);
    expect(await page.getByRole('button', { name: '问答与AI助手' }).count()).toBe(1);

    await page.reload();
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect(await isElder(page)).toBe(false);

    await toggle.click();
    expect(await isElder(page)).toBe(true);
    // Plainer words where the page allows.
    await page.getByRole('button', { name: '常见问题' }).waitFor();
    expect(await marksBeforeTheApp(page, '/index?no-script')).toEqual({ isDark: false, isElder: true });
  });
});
