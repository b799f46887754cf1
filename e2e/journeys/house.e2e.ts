import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPhone } from '../support/browser.ts';
import { confirmPicker } from '../support/staff.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/**
 * Logs in through the login screen like loginThroughUi, but waits out the 60 s resend limit when another
 * journey logged the same demo person in a moment ago (the code button stays disabled until then).
 */
async function login(page: Page, phone: string): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-corp').click();
  await confirmPicker(page);
  await page.getByPlaceholder('请输入手机号码').fill(phone);
  await page.getByRole('button', { name: '获取验证码' }).click({ timeout: 75_000 });
  const code = page.getByPlaceholder('请输入验证码');
  await expect.poll(() => code.inputValue(), { timeout: 15_000 }).toMatch(/^\d{6}$/);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL('**/index', { timeout: 15_000 });
}

const CLIENT = `房贷旅程客户${Date.now() % 100_000}`;

describe('home-loan business', () => {
  it('adds a client from a channel, asks an over-limit brokerage, finance approves, the order appears', async () => {
    const sales = await newPhone(browser);
    try {
      const page = sales.page;
      // 李建国 (id 2) owns the channel 我爱我家浦东店 and its agent 王经纪 in the demo.
      await login(page, '13800000002');
      await page.goto('/business/houseChannel');
      await page.getByText('我爱我家浦东店').click();
      await page.getByRole('button', { name: '从该渠道新增客户' }).click();
      await page.waitForURL('**/business/houseAdd?channel=*');
      // The 来源渠道 picker button shows the chosen channel's name first (its arrow after it).
      await expect.poll(() => page.locator('#house-channel > span').first().textContent()).toBe('我爱我家浦东店');

      // A missing field is named, and what was typed stays.
      await page.getByPlaceholder('请输入客户姓名').fill(CLIENT);
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByText('手机号码必填').first().waitFor();
      expect(await page.getByPlaceholder('请输入客户姓名').inputValue()).toBe(CLIENT);

      await page.getByPlaceholder('请输入手机号码').fill('13855556666');
      await page.getByPlaceholder('请输入贷款金额').fill('2000000');
      await page.locator('#house-term').click();
      await confirmPicker(page); // 240 months, the default
      await page.getByPlaceholder('请输入贷款银行').fill('建设银行');
      await page.getByRole('button', { name: '提交' }).click();
      await page.waitForURL('**/business/houseDetail/0/*');
      await page.getByText('我爱我家浦东店').first().waitFor();

      await page.getByRole('button', { name: '设置返佣' }).click();
      await page.waitForURL('**/business/houseSetBrokerage/0/*');
      await page.getByPlaceholder('如 1.2').fill('2');
      // 2 % of ¥2,000,000 is ¥40,000: above the 1.5 % limit.
      await page.getByText('返佣总额 ¥40,000.00').waitFor();
      await page.getByText('超出限额，提交后等待房贷财务审批').waitFor();
      await page.locator('.adm-checkbox', { hasText: '王经纪' }).click();
      await page.getByRole('button', { name: '提交' }).click();
      await page.waitForURL('**/business/houseDetail/0/*');
      await page.getByText('超限待审批').first().waitFor();
    } finally {
      await sales.context.close();
    }

    const finance = await newPhone(browser);
    try {
      const page = finance.page;
      await login(page, '13800000005');
      await page.goto('/business/financeAudit');
      await page.getByText(CLIENT).click();
      await page.getByPlaceholder('驳回时必填').fill('渠道优质，同意');
      await page.getByRole('button', { name: '通过' }).click();
      await page.locator('.adm-dialog-button', { hasText: '确定' }).click();
      await page.getByText('已处理').first().waitFor();
      await expect.poll(() => page.getByText(CLIENT).count()).toBe(0);

      await page.goto('/business/houseBrokerageOrderList/1');
      const order = page.locator('.adm-list-item', { hasText: CLIENT });
      await order.waitFor();
      expect(await order.textContent()).toContain('¥40,000.00');
      expect(await order.textContent()).toContain('王经纪');
    } finally {
      await finance.context.close();
    }
  }, 240_000);

  it('lets a signer take a task from the task centre and record the signing', async () => {
    const { context, page } = await newPhone(browser);
    try {
      await login(page, '13800000044');
      await page.goto('/sign/list/44/1');
      const first = page
        .locator('.adm-list-item')
        .filter({ has: page.getByRole('button', { name: '领取' }) })
        .first();
      const name = ((await first.locator('.sign-task__name').textContent()) ?? '').trim();
      await first.getByRole('button', { name: '领取' }).click();
      await page.getByText('领取成功').waitFor();

      await page.goto('/sign/list/44/2');
      const mine = page
        .locator('.adm-list-item')
        .filter({ has: page.locator('.sign-task__name', { hasText: name }) })
        .first();
      await mine.getByRole('button', { name: '登记结果' }).click();
      await page.waitForURL('**/sign/update/*');
      await page.getByPlaceholder('拒签时必填原因').fill('客户本人到场，已完成面签');
      await page.getByText('已签约', { exact: true }).click();
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByRole('button', { name: '确定' }).click();
      await page.getByText('已登记').waitFor();
      await page.getByText(`${name} · 已签约`).waitFor();
      await page.getByText('陈刚 · 已签约').waitFor();
    } finally {
      await context.close();
    }
  }, 180_000);

  it('sends a rejection to WeCom approval, and user 29 confirms it on the rejection page', async () => {
    const signer = await newPhone(browser);
    let name = '';
    try {
      const page = signer.page;
      await login(page, '13800000043');
      await page.goto('/sign/list/43/1');
      const first = page
        .locator('.adm-list-item')
        .filter({ has: page.getByRole('button', { name: '领取' }) })
        .first();
      name = ((await first.locator('.sign-task__name').textContent()) ?? '').trim();
      await first.getByRole('button', { name: '领取' }).click();
      await page.getByText('领取成功').waitFor();
      await page.goto('/sign/list/43/2');
      await page
        .locator('.adm-list-item')
        .filter({ has: page.locator('.sign-task__name', { hasText: name }) })
        .first()
        .getByRole('button', { name: '登记结果' })
        .click();
      await page.getByText('拒签', { exact: true }).click();
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByText('拒签须填写原因').first().waitFor();
      await page.getByPlaceholder('拒签时必填原因').fill('客户临时取消贷款');
      await page.getByRole('button', { name: '提交' }).click();
      await page.getByRole('button', { name: '确定' }).click();
      // The rejection goes to WeCom's approval (the demo adapter answers offline with a number).
      await page.getByText(/已发起企业微信审批（\d+）/).waitFor();
    } finally {
      await signer.context.close();
    }

    const approver = await newPhone(browser);
    try {
      const page = approver.page;
      await login(page, '13800000029');
      await page.goto('/sign/reject');
      const row = page
        .locator('.adm-list-item')
        .filter({ has: page.locator('.sign-task__name', { hasText: name }) })
        .first();
      await row.waitFor();
      expect(await row.textContent()).toContain('客户临时取消贷款');
      // The decision buttons sit in the item under the task.
      const decision = row.locator('xpath=following-sibling::*[1]');
      await decision.getByRole('button', { name: '同意拒签' }).click();
      await page.locator('.adm-dialog-button', { hasText: '确定' }).click();
      await page.getByText('已处理').first().waitFor();
      await expect.poll(() => page.locator('.sign-task__name', { hasText: name }).count()).toBe(0);
    } finally {
      await approver.context.close();
    }
  }, 240_000);

  it("opens a signer's task list from the signing leader's home tile", async () => {
    const { context, page } = await newPhone(browser);
    try {
      await login(page, '13800000003');
      await page.getByRole('link', { name: /郑丽/ }).click();
      await page.waitForURL('**/sign/list/42/2');
      // 郑丽 (42) holds 赵子昂's signing in the demo.
      await page.locator('.sign-task__name', { hasText: '赵子昂' }).waitFor();
      // The leader sees it but does not record it: only the holder does.
      expect(await page.getByRole('button', { name: '登记结果' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 180_000);
});
