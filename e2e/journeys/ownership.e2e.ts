import { describe, expect, it } from 'vitest';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

describe('customer ownership journey (issue 40, decision 066)', () => {
  it(
    'the case form names the holder of a typed phone at once; a salesperson finds a pool case by its phone tail and claims it',
    { timeout: 300_000 },
    async () => {
      const sales = await phoneOf('13800000001');

      // 新增报单: the phone of 李建国's client is refused as soon as it is typed, before the rest of the form.
      await sales.getByRole('link', { name: /新增报单/ }).click();
      await sales.waitForURL('**/business/add');
      await sales.locator('#case-phone').fill('13612340007');
      await sales.locator('#case-phone').blur();
      await sales
        .getByText(/该客户已由 李\*+ 跟进/)
        .first()
        .waitFor();
      // The holder's client is never named in full.
      expect(await sales.getByText('高建军').count()).toBe(0);

      // 公海客户: masked rows, searched by the phone's last four digits.
      await sales.goto('/index');
      await sales.getByRole('link', { name: /公海客户/ }).click();
      await sales.waitForURL('**/business/pool');
      const search = sales.getByPlaceholder('按手机尾号搜索');
      await search.fill('0103');
      await search.press('Enter');
      const row = sales.locator('.case-row', { hasText: '135****0103' });
      await row.waitFor();
      expect(await sales.locator('.case-row').count()).toBe(1);
      expect(await sales.getByText('卫海波').count()).toBe(0);

      // 领取 asks first; confirmed, the case is his and opens.
      await row.getByRole('button', { name: '领取' }).click();
      await sales.locator('.adm-modal, .adm-dialog').getByRole('button', { name: '领取' }).click();
      await sales.waitForURL(/\/business\/detail\/\d+$/);
      await sales.getByText('卫海波').first().waitFor();

      // It has left the pool.
      await sales.goBack();
      await sales.waitForURL('**/business/pool');
      await search.fill('0103');
      await search.press('Enter');
      await sales.getByText('公海暂无客户').waitFor();
    },
  );
});
