import { describe, expect, it } from 'vitest';
import { journeyPhones } from '../support/journey.ts';
import { confirmPicker } from '../support/staff.ts';

const phoneOf = journeyPhones();

/*
 * Issue 20 on a phone (decision 058): the leader's funnel taps through to the cases it counts, and a
 * salesperson turns the calculator's result into an image to send a customer.
 */

/** Statuses a case that once reached 审批通过 can be in now. */
const AFTER_APPROVAL = ['审批通过', '抵押中', '已放款', '已退单'];

describe("the leader's funnel", () => {
  it(
    '李建国 opens 团队数据, taps a bar of the funnel and gets exactly the cases it counts',
    { timeout: 180_000 },
    async () => {
      const leader = await phoneOf('13800000002');
      await leader.goto('/index');
      await leader
        .getByRole('link', { name: /团队数据/ })
        .first()
        .click();
      await leader.waitForURL('**/team/list');
      // The panel comes in its own chunk under the team's figures.
      const months = leader.locator('.funnel-month');
      await months.first().waitFor({ timeout: 30_000 });

      // A month's 审批通过 bar with a page's worth of cases (at least one), else its 进件 bar.
      const bars = await months.evaluateAll((blocks) =>
        blocks.flatMap((block, index) =>
          [...block.querySelectorAll('a.funnel-bar')].map((bar) => ({
            index,
            month: block.querySelector('.funnel-month__title')?.textContent ?? '',
            label: bar.getAttribute('aria-label') ?? '',
          })),
        ),
      );
      const counted = bars
        .map((bar) => ({ ...bar, stage: bar.label.split(' ')[0] ?? '', n: Number(/(\d+) 单$/.exec(bar.label)?.[1]) }))
        .filter((bar) => bar.n >= 1 && bar.n <= 10);
      const chosen = counted.find((bar) => bar.stage === '审批通过') ?? counted.find((bar) => bar.stage === '进件');
      expect(chosen, `a bar of 1 to 10 cases among ${JSON.stringify(bars)}`).toBeDefined();
      if (!chosen) return;

      const answer = leader.waitForResponse((response) => response.url().includes('/api/crm/clientList'));
      await months.nth(chosen.index).getByRole('link', { name: chosen.label }).click();
      await leader.waitForURL('**/business/list?**');
      const listed = (await (await answer).json()) as { data: { list: { name: string; status: number }[] } };
      await leader.getByText(`图表所选：${chosen.month} ${chosen.stage}`).waitFor();

      // The list shows as many cases as the bar counted, the very ones the server filtered.
      const rows = leader.locator('.case-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(chosen.n);
      expect(listed.data.list).toHaveLength(chosen.n);
      const names = await rows.locator('.case-row__top > span:first-child').allTextContents();
      expect(names.sort()).toEqual(listed.data.list.map((c) => c.name).sort());
      if (chosen.stage === '审批通过') {
        for (const text of await rows.locator('.case-row__top').allTextContents())
          expect(
            AFTER_APPROVAL.some((status) => text.includes(status)),
            text,
          ).toBe(true);
      }
    },
  );
});

describe('the shareable repayment schedule', () => {
  it(
    '王小明 computes an instalment fee and gets an image with its true annual rate and the disclaimer',
    { timeout: 120_000 },
    async () => {
      const sales = await phoneOf('13800000001');
      // Every text the page draws on a canvas, as drawn (the image itself is pixels).
      await sales.addInitScript(() => {
        const drawn: string[] = [];
        (window as unknown as { drawnTexts: string[] }).drawnTexts = drawn;
        const { prototype } = CanvasRenderingContext2D;
        const original = Object.getOwnPropertyDescriptor(prototype, 'fillText')?.value as (
          this: CanvasRenderingContext2D,
          ...args: [string, number, number, number?]
        ) => void;
        prototype.fillText = function (this: CanvasRenderingContext2D, ...args: [string, number, number, number?]) {
          drawn.push(String(args[0]));
          original.apply(this, args);
        };
      });
      // The calculator is its own page (spec: standalone), opened from the WeCom app's menu.
      await sales.goto('/calculator');
      await sales.getByPlaceholder('请输入贷款金额').fill('10');
      await sales.locator('#calc-term').click();
      await confirmPicker(sales);
      await sales.getByText('分期费率').click();
      await sales.getByPlaceholder('请输入利率').fill('0.6');
      await sales.getByRole('button', { name: '开始计算' }).click();

      const popup = sales.locator('.adm-popup-body', { hasText: '还款计划' });
      await popup.waitFor();
      const irr =
        (await popup.locator('dt', { hasText: '实际年化利率（IRR）' }).locator('xpath=../dd').textContent()) ?? '';
      expect(irr).toMatch(/^\d+(\.\d+)?%$/);

      await popup.getByRole('button', { name: '生成分享图' }).click();
      const image = popup.getByRole('img', { name: '还款计划分享图' });
      await image.waitFor();
      await popup.getByText('长按图片，发送给客户').waitFor();
      const src = (await image.getAttribute('src')) ?? '';
      expect(src.startsWith('data:image/png;base64,')).toBe(true);
      // A real picture: tens of kilobytes of PNG, 720 pixels wide as drawn.
      expect(Buffer.from(src.split(',')[1] ?? '', 'base64').length).toBeGreaterThan(20_000);
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(720);

      const drawn = await sales.evaluate(() => (window as unknown as { drawnTexts: string[] }).drawnTexts);
      expect(drawn).toContain('实际年化利率（IRR）');
      expect(drawn[drawn.indexOf('实际年化利率（IRR）') + 1]).toBe(irr);
      expect(drawn).toContain('计算结果仅供参考，实际月供以银行计算为准');
    },
  );
});
