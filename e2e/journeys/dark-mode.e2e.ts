import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone, WECOM_USER_AGENT } from '../support/browser.ts';
import { expectAxeRan, marksBeforeTheApp, visitCasePages } from '../support/display-modes.ts';
import { loginThroughUi } from '../support/staff.ts';

/*
 * Dark mode (issue 49, decision 075): WeCom on Android says its dark theme only in its user agent
 * (`ColorScheme/Dark`); the app turns antd-mobile's dark variables and its own on before the first paint, and axe
 * (support/axe.ts) finds every page the journey opens readable: login, home, a case list, a case.
 */
const DARK_WECOM = WECOM_USER_AGENT.replace('ColorScheme/Light', 'ColorScheme/Dark');

let browser: Browser;
let phone: { context: BrowserContext; page: Page };
const cspViolations: string[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
  phone = await newPhone(browser, DARK_WECOM);
  phone.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
});
afterAll(async () => {
  await phone.context.close();
  await browser.close();
});

/** The relative luminance of a computed `rgb(…)` colour. */
const luminance = (rgb: string) => {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((value) => {
    const channel = value / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe('dark mode in WeCom', () => {
  it('is on before any script of the app runs, by the head script the CSP allows', async () => {
    expect(await marksBeforeTheApp(phone.page, '/login?no-script')).toEqual({ isDark: true, isElder: false });
    expect(cspViolations).toEqual([]);
  });

  it('draws login, home, a case list and a case dark, with readable text (axe)', async () => {
    await phone.page.goto('/login');
    await phone.page.getByRole('button', { name: '登录' }).waitFor();
    await expectAxeRan(phone.page);
    await loginThroughUi(phone.page, '13800000002');
    await visitCasePages(phone.page);
    const colours = await phone.page.evaluate(() => ({
      page: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.body).color,
      header: getComputedStyle(document.querySelector('.app-header') ?? document.body).backgroundColor,
    }));
    expect(luminance(colours.page)).toBeLessThan(0.02);
    expect(luminance(colours.header)).toBeLessThan(0.02);
    expect(luminance(colours.text)).toBeGreaterThan(0.7);
    expect(cspViolations).toEqual([]);
  });

  it('stays light for a light WeCom on a light phone', async () => {
    const light = await newPhone(browser);
    try {
      await light.page.goto('/login');
      await light.page.getByRole('button', { name: '登录' }).waitFor();
      expect(await light.page.evaluate(() => document.documentElement.hasAttribute('data-prefers-color-scheme'))).toBe(
        false,
      );
      expect(
        luminance(await light.page.evaluate(() => getComputedStyle(document.body).backgroundColor)),
      ).toBeGreaterThan(0.8);
    } finally {
      await light.context.close();
    }
  });
});
