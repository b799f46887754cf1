import { describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { journeyPhones } from '../support/journey.ts';
import { confirmPicker } from '../support/staff.ts';

const phoneOf = journeyPhones();

describe('commission ledger journey (issue 42)', () => {
  it(
    "finance approves the demo claw-back from its home tile and reads last month's statements; the partner reads his",
    { timeout: 300_000 },
    async () => {
      // 钱财务 (job 4): 首页 → 返佣追回, the demo's waiting claw-back of 邵佳 (房贷签约失败).
      const finance = await phoneOf('13800000005');
      await finance.goto('/index');
      await finance
        .getByRole('link', { name: /返佣追回/ })
        .first()
        .click();
      await finance.waitForURL('**/business/clawback');
      const row = finance.locator('.ledger-row', { hasText: '邵佳' });
      await row.waitFor();
      expect(await row.textContent()).toContain('房贷签约失败');
      await row.getByRole('button', { name: '通过（记为欠款）' }).click();
      await finance.locator('.adm-dialog').getByRole('button', { name: '确定' }).click();
      await finance.getByText('已处理').first().waitFor();
      await expect.poll(() => finance.locator('.ledger-row', { hasText: '邵佳' }).count()).toBe(0);

      // 对账单 from the home tile: last month's statements of every receiver, one opened.
      await finance.goto('/index');
      await finance
        .getByRole('link', { name: /对账单/ })
        .first()
        .click();
      await finance.waitForURL('**/business/statement');
      const statement = finance.locator('a.ledger-row', { hasText: '张伙伴' }).first();
      await statement.waitFor();
      await statement.click();
      await finance.waitForURL(/\/business\/statement\/\d+$/);
      await finance.getByText('期末余额').first().waitFor();
      await finance.getByRole('button', { name: '下载 PDF（电子章）' }).waitFor();
      await finance.getByRole('button', { name: '企业微信发送链接' }).waitFor();

      // 张伙伴 (partner) in his portal: 我的账户 → 对账单 → last month's.
      const browser = await launchBrowser();
      try {
        const { page: partner } = await newPhone(browser);
        await partner.goto('/outside/login');
        await partner.locator('#outside-login-corp_id').click();
        await confirmPicker(partner);
        await partner.locator('#outside-login-phone').fill('13700000101');
        await partner.getByRole('button', { name: '获取验证码' }).click();
        await expect
          .poll(() => partner.locator('#outside-login-code').inputValue(), { timeout: 90_000 })
          .toMatch(/^\d{6}$/);
        await partner.getByRole('button', { name: '登录', exact: true }).click();
        await partner.waitForURL('**/outside/index');
        await partner.goto('/outside/account');
        await partner.getByText('对账单', { exact: true }).click();
        await partner.waitForURL('**/outside/statement');
        const mine = partner.locator('a.ledger-row').first();
        await mine.waitFor();
        // A partner sees his own statements only.
        expect(await partner.locator('a.ledger-row', { hasText: '李经纪' }).count()).toBe(0);
        await mine.click();
        await partner.waitForURL(/\/outside\/statement\/\d+$/);
        await partner.getByText('期末余额').first().waitFor();
        await partner.getByRole('button', { name: '提出异议' }).first().waitFor();
      } finally {
        await browser.close();
      }
    },
  );
});
