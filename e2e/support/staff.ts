import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Taps the confirm button of the antd-mobile picker sheet that is open. */
export async function confirmPicker(page: Page): Promise<void> {
  await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
}

/** Logs in through the login screen as a person would: company, phone, SMS code (demo mode fills it), 登录. */
export async function loginThroughUi(page: Page, phone: string): Promise<void> {
  // Journeys share the demo people: wait out the 60 s SMS resend window another journey may have opened,
  // rather than let the code button's countdown outlast a click's timeout.
  await expect
    .poll(
      async () =>
        (
          (await (await page.request.get(`/common/checkCaptcha?phone=${phone}`)).json()) as {
            data?: { enabled?: boolean };
          }
        ).data?.enabled,
      { timeout: 90_000, interval: 2_000 },
    )
    .toBe(true);
  await page.goto('/login');
  await page.locator('#login-corp').click();
  // The demo company is the first option, which the picker shows selected.
  await confirmPicker(page);
  await page.getByPlaceholder('请输入手机号码').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const code = page.getByPlaceholder('请输入验证码');
  await expect.poll(() => code.inputValue()).toMatch(/^\d{6}$/);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/index', { timeout: 30_000 });
}
