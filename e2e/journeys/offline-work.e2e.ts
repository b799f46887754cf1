import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { loginThroughUi } from '../support/staff.ts';

/*
 * Today's work offline (issue 49 point 1, decision 082), with the app's service worker allowed: after one visit
 * online, the home page and 我的报单 open with no network, showing what was kept; a follow-up written offline
 * waits on the phone and is sent once when the network returns, with its form's idempotency key.
 */
let browser: Browser;
let phone: { context: BrowserContext; page: Page };
let loggedIn: Promise<void> | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
  phone = await newPhone(browser, undefined, undefined, 'allow');
});
/** 王小明, signed in once for both tests (inside a test: it polls). */
const logIn = () =>
  (loggedIn ??= (async () => {
    await loginThroughUi(phone.page, '13800000001');
    // The first signed-in page registers the worker, which takes the page over.
    await phone.page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
  })());
afterAll(async () => {
  await phone.context.close();
  await browser.close();
});

type Envelope<T> = { code: number; data: T };

/** 王小明's first case in 我的报单, as the API lists it. */
async function firstCase(page: Page): Promise<{ id: number; name: string }> {
  const response = await page.request.post('/api/crm/clientList', { multipart: {} });
  const body = (await response.json()) as Envelope<{ list: { id: number; name: string }[] }>;
  expect(body.code).toBe(0);
  const first = body.data.list[0];
  if (!first) throw new Error('王小明 has no case in the demo data');
  return first;
}

/** The case's follow-ups carrying `note`, as the API lists them. */
async function followUpsNoted(page: Page, clientId: number, note: string): Promise<number> {
  const response = await page.request.get(`/api/crm/pendingDetail?id=${clientId}`);
  const body = (await response.json()) as Envelope<{ list: { note: string }[] }>;
  expect(body.code).toBe(0);
  return body.data.list.filter((followUp) => followUp.note === note).length;
}

describe('today’s work offline', () => {
  it('the home page and 我的报单 open offline after one visit', async () => {
    await logIn();
    const { context, page } = phone;
    const { name } = await firstCase(page);
    // One visit online, by taps: home, then 我的报单.
    await page.goto('/index');
    await page.getByRole('link', { name: /我的报单/ }).click();
    await page.waitForURL('**/business/list');
    await page.getByText(name).first().waitFor();

    await context.setOffline(true);
    try {
      await page.goto('/index');
      await page.getByText('王小明').first().waitFor();
      await page.getByRole('link', { name: /我的报单/ }).waitFor();
      // The bar says the page shows what was kept.
      await page.getByText('当前离线，显示的是上次联网时保存的内容').waitFor();
      await page.getByRole('link', { name: /我的报单/ }).click();
      await page.waitForURL('**/business/list');
      await page.getByText(name).first().waitFor();
      // Opened afresh from the address too (a reload with no network).
      await page.goto('/business/list');
      await page.getByText(name).first().waitFor();
    } finally {
      await context.setOffline(false);
    }
  });

  it('a follow-up written offline is sent once when the network returns', async () => {
    await logIn();
    const { context, page } = phone;
    const { id } = await firstCase(page);
    const note = `离线跟进${Date.now() % 100_000}`;
    const keys: string[] = [];
    context.on('request', (request) => {
      if (request.url().endsWith('/api/crm/mortgageUser')) keys.push(request.headers()['idempotency-key'] ?? '');
    });
    // Online once, so the form's page is kept; then the network goes.
    await page.goto(`/business/pendingAdd/${id}`);
    await page.locator('#follow-up-note').waitFor();
    await context.setOffline(true);
    await page.locator('#follow-up-note').fill(note);
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByText('当前离线，跟进已存入待发送，联网后自动发送').waitFor();
    await page.waitForURL(`**/business/pendingDetail/${id}`);
    await page.getByText('1 条待发送，联网后自动发送').waitFor();
    // What waits is listed with a tap.
    await page.getByRole('button', { name: /查看待发送/ }).click();
    await page.getByText(`跟进：${note}`).waitFor();
    expect(await followUpsNoted(page, id, note)).toBe(0);

    await context.setOffline(false);
    await page.getByText('已发送 1 条').waitFor({ timeout: 20_000 });
    expect(await followUpsNoted(page, id, note)).toBe(1);
    // Back on the network for good: a reload and another flush send nothing more.
    await page.reload();
    await page.getByText('已发送 1 条').waitFor();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForTimeout(1_000);
    expect(await followUpsNoted(page, id, note)).toBe(1);
    // Every send that reached the network carried the one key of that form fill.
    expect(new Set(keys).size).toBe(1);
  });
});
