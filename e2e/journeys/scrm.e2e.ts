import { describe, expect, it } from 'vitest';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

/*
 * The approved scripts and the group sends on the seeded demo (decision 080), by taps. The offline WeCom stands in
 * for the JS-SDK (a script goes to the clipboard and window.__chattergeeTexts) and for the members, who "send" a
 * task as soon as its results are asked for.
 */
describe('话术库 and 客户群发 (decision 080)', () => {
  it(
    '王小明 finds an approved script in the sidebar and puts it into the chat; its use is counted',
    { timeout: 180_000 },
    async () => {
      const page = await phoneOf('13800000001');
      await page.setViewportSize({ width: 360, height: 600 });
      await page.getByRole('button', { name: '钱包与积分工具' }).click();
      await page.waitForURL('**/chattergee/home');
      await page.getByText('刘先生').click();
      await page.getByRole('link', { name: '话术库' }).click();
      await page.waitForURL('**/chattergee/scripts');
      await page.getByText('经营贷怎么介绍').waitFor();
      await page.getByPlaceholder('搜索话术').fill('房产证');
      const card = page.locator('.chatter-card', { hasText: '房抵贷要准备的材料' });
      await card.waitFor();
      await expect.poll(() => page.locator('.chatter-card').count()).toBe(1);
      await card.getByRole('button', { name: '发送到聊天' }).click();
      await page.getByText('不在企业微信中：话术已复制，请粘贴到聊天').first().waitFor();
      await card.getByText('已用 1 次').waitFor();
      const texts = await page.evaluate(() => (window as { __chattergeeTexts?: string[] }).__chattergeeTexts);
      expect(texts).toEqual([expect.stringContaining('房产证')]);
    },
  );

  it(
    '李建国 sees 周女士 at four this month, leaves her out, creates the tasks and reads who received',
    { timeout: 180_000 },
    async () => {
      const leader = await phoneOf('13800000002');
      await leader.goto('/index');
      await leader
        .getByRole('link', { name: /团队数据/ })
        .first()
        .click();
      await leader.waitForURL('**/team/list');
      await leader.getByRole('link', { name: '客户群发' }).click();
      await leader.waitForURL('**/team/groupSend');
      await leader.getByText('经营贷', { exact: true }).click();
      await leader.getByText('筛出 3 位客户，可发送 2 位').waitFor();
      await leader.getByText('周女士（负责人 李建国，本月已 4 条）').waitFor();
      await leader.getByLabel('群发内容').fill('年底资金安排提醒：经营贷综合年化成本签约前一次写明。');
      await leader.getByRole('button', { name: '创建群发任务' }).click();
      await leader
        .getByText(/有 1 位客户本月已收满 4 条群发消息/)
        .first()
        .waitFor();
      await leader.getByRole('checkbox', { name: '排除这 1 位客户后创建' }).check();
      await leader.getByRole('button', { name: '创建群发任务' }).click();
      await leader.waitForURL(/\/team\/groupSend\/\d+$/);
      await leader.getByText('成员已发送 0/2，客户已收到 0/2').waitFor();
      await leader.getByRole('button', { name: '刷新结果' }).click();
      await leader.getByText('成员已发送 2/2，客户已收到 2/2').waitFor();
      expect(await leader.getByText('已收到', { exact: true }).count()).toBe(2);
    },
  );
});
