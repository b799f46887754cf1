import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { loginThroughUi } from '../support/staff.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Demo staff (README) and the home cards and tiles their role must and must not show. */
const ROLES = [
  {
    who: 'plain salesperson',
    phone: '13800000001',
    cards: ['分期业务', '房贷业务', '考试中心'],
    tiles: ['待跟进', '我的报单'],
    absent: ['团队数据', '客服协助', '签约中心'],
  },
  {
    who: 'team leader',
    phone: '13800000002',
    cards: ['分期业务', '房贷业务', '考试中心', '团队数据'],
    tiles: ['反馈数据'],
    absent: ['签约中心'],
  },
  {
    who: 'signing leader (job 2)',
    phone: '13800000003',
    cards: ['签约中心'],
    tiles: ['任务中心', '我的任务', '郑丽', '冯芳', '陈刚'],
    absent: ['驳回审批'],
  },
  {
    who: 'customer service (job 3)',
    phone: '13800000004',
    cards: ['分期业务'],
    tiles: ['客服协助'],
    absent: ['团队数据'],
  },
  {
    who: 'home-loan finance (job 4)',
    phone: '13800000005',
    cards: ['房贷业务', '团队数据'],
    tiles: ['超限审批', '返佣订单', '房贷分配'],
    absent: ['房贷管家'],
  },
  {
    who: 'home-loan steward (job 5)',
    phone: '13800000006',
    cards: ['房贷业务'],
    tiles: ['房贷管家', '卡分期'],
    absent: ['超限审批'],
  },
  {
    who: 'rebate only (job 6)',
    phone: '13800000007',
    cards: ['房贷返佣'],
    tiles: ['返佣申请单'],
    absent: ['分期业务', '考试中心'],
  },
  {
    who: 'rejection approver (id 29)',
    phone: '13800000029',
    cards: ['签约中心'],
    tiles: ['驳回审批'],
    absent: ['团队数据'],
  },
];

describe('staff login and home', () => {
  it.each(ROLES)(
    '$who logs in with an SMS code and sees the cards of the role',
    async ({ phone, cards, tiles, absent }) => {
      const { context, page } = await newPhone(browser);
      try {
        await loginThroughUi(page, phone);
        for (const title of [...cards, ...tiles]) {
          await page.getByText(title, { exact: true }).first().waitFor({ timeout: 20_000 });
        }
        for (const title of absent) {
          expect(await page.getByText(title, { exact: true }).count()).toBe(0);
        }
      } finally {
        await context.close();
      }
    },
  );

  it('shows the due follow-ups badge, opens a tile, and logs out after a confirm', async () => {
    const { context, page } = await newPhone(browser);
    try {
      await loginThroughUi(page, '13800000001');
      // The tile of the instalment card (the to-do inbox above it says 待跟进的客户 too).
      const pendingTile = page.getByRole('region', { name: '分期业务' }).getByRole('link', { name: /待跟进/ });
      await expect.poll(() => pendingTile.textContent()).toContain('2');
      await pendingTile.click();
      await page.waitForURL('**/business/pending');
      await page.getByText('客户需补充收入证明').first().waitFor();
      await page.goBack();
      await page.getByRole('button', { name: '退出登录' }).click();
      await page.getByText('确定要退出登录吗？').waitFor();
      await page.getByRole('button', { name: '确定' }).click();
      await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
      await page.getByRole('button', { name: '登录' }).waitFor();
      // The server ended the session: the API no longer answers for it.
      const status = await page.evaluate(async () => {
        const response = await fetch('/api/crm/userinfo', { method: 'POST', body: new URLSearchParams({ id: '1' }) });
        return response.status;
      });
      expect(status).toBe(401);
    } finally {
      await context.close();
    }
  });

  it('keeps what was typed and says why when the code is wrong', async () => {
    const { context, page } = await newPhone(browser);
    try {
      await page.goto('/login');
      await page.locator('#login-corp').click();
      await page.locator('.adm-picker-header-button', { hasText: '确定' }).click();
      await page.getByPlaceholder('请输入手机号码').fill('13800000044');
      await page.getByRole('button', { name: '获取验证码' }).click();
      const code = page.getByPlaceholder('请输入验证码');
      await expect.poll(() => code.inputValue()).toMatch(/^\d{6}$/);
      const right = await code.inputValue();
      await code.fill(right === '000000' ? '000001' : '000000');
      await page.getByRole('button', { name: '登录' }).click();
      await page.getByText('验证码输入错误').first().waitFor();
      expect(await page.getByPlaceholder('请输入手机号码').inputValue()).toBe('13800000044');
      expect(new URL(page.url()).pathname).toBe('/login');
      // The resend countdown runs on: the button reads 5xs and cannot be tapped.
      const countdown = page.getByRole('button', { name: /^\d+s$/ });
      expect(await countdown.isDisabled()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('asks other browsers to open the page inside WeChat, except the calculator', async () => {
    const { context, page } = await newPhone(
      browser,
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    );
    try {
      // The e2e server runs in demo mode, which lets every browser in; production does not.
      await page.route('**/login', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('content="demo"', 'content="production"');
        await route.fulfill({ response, body: html });
      });
      await page.goto('/login');
      await page.getByText('请在微信内打开页面').waitFor();
      await page.unroute('**/login');
      await page.route('**/calculator', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('content="demo"', 'content="production"');
        await route.fulfill({ response, body: html });
      });
      await page.goto('/calculator');
      await page.getByText('贷款金额').first().waitFor();
      expect(await page.getByText('请在微信内打开页面').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
