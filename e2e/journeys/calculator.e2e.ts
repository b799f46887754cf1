import { calculateLoan } from '@crm/domain/calculator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { confirmPicker } from '../support/staff.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const yuan = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

describe('loan calculator', () => {
  it('says what is missing, then shows the full schedule in a popup', async () => {
    const { context, page } = await newPhone(browser);
    try {
      await page.goto('/calculator');
      await page.getByRole('button', { name: '开始计算' }).click();
      await page.getByText('请输入贷款金额').last().waitFor();

      await page.getByPlaceholder('请输入贷款金额').fill('10');
      await page.locator('#calc-term').click();
      await confirmPicker(page); // the first term, 3 months
      await page.getByPlaceholder('请输入利率').fill('4.9');
      await page.getByText('等额本息').click();
      await page.getByRole('button', { name: '开始计算' }).click();

      const expected = calculateLoan({ amount: 10, nper: 3, interestType: 1, rate: 4.9, method: 1 });
      const popup = page.locator('.adm-popup-body', { hasText: '还款计划' });
      await popup.waitFor();
      const text = (await popup.textContent()) ?? '';
      for (const row of expected.list) {
        expect(text.replaceAll(',', '')).toContain(row.month_payment.toFixed(2));
      }
      expect(text.replaceAll(',', '')).toContain(expected.total_interest.toFixed(2));
      expect(text).toContain('计算结果仅供参考，实际月供以银行计算为准');
      expect(yuan(expected.loan_amount)).toBe('100,000.00');
      // The × is a finger's target (issue 39), not antd-mobile's 26 px one.
      const closeBox = await popup.locator('.adm-popup-close-icon').boundingBox();
      expect(closeBox?.width).toBeGreaterThanOrEqual(44);
      expect(closeBox?.height).toBeGreaterThanOrEqual(44);

      // The mask closes the popup.
      await page
        .locator('.adm-mask')
        .last()
        .click({ position: { x: 10, y: 10 } });
      await expect.poll(() => popup.isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('hides the repayment method for the instalment rate', async () => {
    const { context, page } = await newPhone(browser);
    try {
      await page.goto('/calculator');
      await page.getByText('还款方式').first().waitFor();
      await page.getByText('分期费率').click();
      await expect.poll(() => page.getByText('还款方式').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
