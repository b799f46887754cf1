import { randomInt } from 'node:crypto';
import { inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { watchAccessibility } from './axe.ts';

/** WeCom's in-app browser on Android: it carries both `wxwork` and `MicroMessenger`. */
export const WECOM_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 wxwork/4.1.30 MicroMessenger/7.0.1 NetType/WIFI Language/zh ColorScheme/Light';

export const PHONE_VIEWPORT = { width: 390, height: 844 };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromiumPath'),
    headless: true,
    // The flags this machine needs: no sandbox as root, and no background calls to a network it lacks.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A phone in WeCom: the viewport, touch, the user agent and Chinese locale of the people who use the app, and
 * an address of its own (the server trusts X-Forwarded-For in the journeys, see global-setup.ts). axe checks every
 * page it visits (support/axe.ts).
 */
export async function newPhone(
  browser: Browser,
  userAgent = WECOM_USER_AGENT,
  /** A file written by `context.storageState`: the cookies and local storage of a phone already signed in. */
  storageState?: string,
  /**
   * The app's service worker (decision 082) answers a page's requests where `page.route` cannot see them; the
   * journeys that stub or block a request run without it. offline-work.e2e.ts allows it.
   */
  serviceWorkers: 'allow' | 'block' = 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    storageState,
    serviceWorkers,
    baseURL: inject('baseURL'),
    viewport: PHONE_VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    userAgent,
    locale: 'zh-CN',
    // Random, as every test file loads this module afresh: a counter would give each file the same addresses.
    extraHTTPHeaders: { 'X-Forwarded-For': `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  watchAccessibility(context);
  const page = await context.newPage();
  return { context, page };
}
