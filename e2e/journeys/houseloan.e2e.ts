import { describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { RECEIPT_JPEG } from '../support/images.ts';
import { journeyPhones } from '../support/journey.ts';
import { confirmPicker } from '../support/staff.ts';

const phoneOf = journeyPhones();

/** WeChat's own in-app browser (an agent is no WeCom member): MicroMessenger without wxwork. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) ' +
  'Version/4.0 Chrome/120.0.6099.230 Mobile Safari/537.36 MicroMessenger/8.0.47.2560(0x28002F36) NetType/WIFI Language/zh_CN';

describe('home-loan channel journey (issue 12)', () => {
  it(
    'an agent logs in, refers a client with the consent photo, the steward takes it, the agent sees the status and the brokerage',
    { timeout: 300_000 },
    async () => {
      const serial = Date.now() % 10_000;
      const clientName = `渠道客户${serial}`;
      const browser = await launchBrowser();
      try {
        const { page: agent } = await newPhone(browser, WECHAT_USER_AGENT);
        // The demo agent 李经纪 of 链家静安寺店 logs in with an SMS code (demo mode fills it in).
        await agent.goto('/houseloan/login');
        await agent.locator('#houseloan-login-corp_id').click();
        await confirmPicker(agent);
        await agent.locator('#houseloan-login-phone').fill('13911110001');
        await agent.getByRole('button', { name: '获取验证码' }).click();
        await expect
          .poll(() => agent.locator('#houseloan-login-code').inputValue(), { timeout: 90_000 })
          .toMatch(/^\d{6}$/);
        await agent.getByRole('button', { name: '登录', exact: true }).click();
        await agent.waitForURL('**/houseloan/home/0');
        await agent.getByText('您好，李经纪').waitFor();

        // A mortgage referral, then the client's consent photographed.
        await agent.getByRole('link', { name: '房屋抵押贷报单' }).click();
        await agent.waitForURL('**/houseloan/add/1');
        await agent.locator('#houseloan-add-name').fill(clientName);
        await agent.locator('#houseloan-add-phone').fill(`1360003${String(serial).padStart(4, '0')}`);
        await agent.locator('#houseloan-add-loan_amount').fill('800000');
        // The referral opens with no term chosen (issue 39.10): the first one offered.
        await agent.locator('#houseloan-add-term_months').click();
        await confirmPicker(agent);
        // The term's sheet closes before the bank's opens: one 确定 on the page at a time.
        await expect.poll(() => agent.locator('.adm-picker-header-button', { hasText: '确定' }).count()).toBe(0);
        await agent.locator('#houseloan-add-bank').click();
        await confirmPicker(agent);
        await agent.getByRole('button', { name: '提交报单' }).click();
        await agent.waitForURL(/\/houseloan\/auth\/\d+\/1$/);
        await agent
          .locator('input[type=file]')
          .setInputFiles({ name: 'consent.jpg', mimeType: 'image/jpeg', buffer: RECEIPT_JPEG });
        await agent.waitForURL(/\/houseloan\/wait\?id=\d+$/);
        await agent.getByText('报单已提交').waitFor();

        // The steward (demo user 6) takes it from 渠道待接单, reached from the home card.
        const steward = await phoneOf('13800000006');
        await steward
          .getByRole('link', { name: /房贷管家/ })
          .first()
          .click();
        await steward.waitForURL('**/business/houseSign');
        await steward.getByText('渠道待接单').click();
        await steward.locator('.adm-list-item', { hasText: clientName }).getByRole('button', { name: '接单' }).click();
        await steward.locator('.adm-modal, .adm-dialog').getByRole('button', { name: /确定/ }).click();
        await steward.getByText('接单成功').first().waitFor();

        // The agent's waiting page hears who took it; the detail shows the stage and the steward to call.
        await agent.reload();
        await agent.getByText('管家 孙管家 已接单').waitFor();
        await agent.getByRole('button', { name: '查看详情' }).click();
        await agent.waitForURL(/\/houseloan\/detail\/\d+$/);
        await agent.getByText('管家跟进中').first().waitFor();
        expect(await agent.getByRole('link', { name: /孙管家/ }).getAttribute('href')).toBe('tel:13800000006');

        // Their brokerage: the seeded order for 赵磊 paid, the rest pending.
        await agent.goto('/houseloan/home/0');
        await agent.getByRole('link', { name: '我的', exact: true }).click();
        await agent.waitForURL('**/houseloan/mine');
        await agent.getByText('已到账').waitFor();
        await agent.locator('.houseloan-row', { hasText: '赵磊' }).getByText('¥7,000.00').waitFor();
      } finally {
        await browser.close();
      }
    },
  );

  it('shows the best list in a desktop browser outside WeChat, without any login', { timeout: 120_000 }, async () => {
    const browser = await launchBrowser();
    try {
      const { page } = await newPhone(
        browser,
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36',
      );
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/houseloan/bestList?corp=1');
      await page
        .getByText(/渠道排行/)
        .first()
        .waitFor();
      await page.getByText('链家静安寺店').waitFor();
      expect(await page.getByText('请在微信内打开页面').count()).toBe(0);
    } finally {
      await browser.close();
    }
  });
});
