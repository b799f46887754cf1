import { describe, expect, it } from 'vitest';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { idNumber, journeyPhones } from '../support/journey.ts';
import { confirmPicker } from '../support/staff.ts';

const phoneOf = journeyPhones();

describe('outside partner journey (issue 11)', () => {
  it(
    'a partner opens the staff invite, registers, is approved, refers a client; the salesperson converts it and the partner sees the case',
    { timeout: 300_000 },
    async () => {
      const serial = Date.now() % 10_000;
      const partnerPhone = `1370001${String(serial).padStart(4, '0')}`;
      const clientPhone = `1360002${String(serial).padStart(4, '0')}`;
      const clientName = `伙伴客户${serial}`;

      // The salesperson opens 易数宝 from the home page and shows the invite.
      const sales = await phoneOf('13800000001');
      await sales
        .getByRole('link', { name: /易数宝/ })
        .first()
        .click();
      await sales.waitForURL('**/business/ysb');
      await sales.getByRole('button', { name: '邀请合作伙伴' }).click();
      await sales.getByRole('img', { name: '邀请二维码' }).waitFor();
      const link =
        (await sales
          .getByText(/\/outside\/register\?invite=/)
          .first()
          .textContent()) ?? '';
      expect(link).toMatch(/invite=[2-9A-HJKMNP-Z]{8}&corp=1$/);
      await sales.getByRole('button', { name: '关闭' }).click();

      // The partner scans it: the link opens the registration page in their own browser.
      const browser = await launchBrowser();
      try {
        const { page: partner } = await newPhone(browser);
        await partner.goto(new URL(link).pathname + new URL(link).search);
        await partner.getByText('邀请您加入：沪融信息服务（演示）').waitFor();
        await partner.locator('#outside-register-name').fill('周伙伴');
        await partner.locator('#outside-register-phone').fill(partnerPhone);
        await partner.getByRole('button', { name: '获取验证码' }).click();
        await expect.poll(() => partner.locator('#outside-register-code').inputValue()).toMatch(/^\d{6}$/);
        await partner.getByRole('button', { name: '注册' }).click();
        await partner.waitForURL(/\/outside\/index/);
        await partner.getByText('等待公司审核，通过后即可报备客户').waitFor();

        // The salesperson approves the new partner from the 待审核 list.
        await sales.reload();
        const row = sales.locator('.case-row', { hasText: '周伙伴' });
        await row.getByRole('button', { name: '通过', exact: true }).click();
        await sales.locator('.adm-modal, .adm-dialog').getByRole('button', { name: /确定/ }).click();
        await sales.getByText('已通过').first().waitFor();

        // The partner, approved, refers a client.
        await partner.reload();
        await partner.getByRole('link', { name: '报备客户' }).click();
        await partner.waitForURL('**/outside/add');
        await partner.locator('#referral-name').fill(clientName);
        await partner.locator('#referral-phone').fill(clientPhone);
        await partner
          .locator('#referral-id_number')
          .fill(idNumber(`32010219900307${String(serial % 1000).padStart(3, '0')}`));
        await partner.locator('#referral-amount').fill('60000');
        await partner.getByRole('button', { name: '提交报备' }).click();
        await partner.waitForURL(/\/outside\/detail\/\d+$/);
        await partner.getByText('保护中').first().waitFor();

        // The salesperson finds it among the partners' referrals and makes it a case.
        await sales.getByRole('link', { name: '合作伙伴报备的客户' }).click();
        await sales.locator('.case-row', { hasText: clientName }).click();
        await sales.waitForURL(/\/business\/houseYsb\/\d+$/);
        await sales.getByRole('button', { name: '转为报单' }).click();
        await sales.waitForURL(/\/business\/add\?referral=\d+$/);
        await sales.getByText('由合作伙伴报备转入').waitFor();
        await expect.poll(() => sales.locator('#case-name').inputValue()).toBe(clientName);
        await sales.locator('#case-term').click();
        await confirmPicker(sales);
        await sales.getByRole('button', { name: '提交' }).click();
        await sales.waitForURL(/\/business\/detail\/\d+$/);

        // The partner, back on their home page, sees the referral converted and the case's status.
        await partner.goto('/outside/index');
        await partner.getByRole('link', { name: '我的客户' }).click();
        await partner.waitForURL('**/outside/list');
        await partner.locator('.case-row', { hasText: clientName }).getByText('已转报单 · 签约中').waitFor();
      } finally {
        await browser.close();
      }
    },
  );
});
