import { describe, it } from 'vitest';
import { journeyPhones } from '../support/journey.ts';

const phoneOf = journeyPhones();

describe('fair check-in journey (decision 051)', () => {
  it(
    'checks in at today’s fair from the home card and appears on the booth’s roster',
    { timeout: 300_000 },
    async () => {
      // 孙管家 (job 5) taps 展会签到 on the home page.
      const staff = await phoneOf('13800000006');
      await staff.getByRole('link', { name: /展会签到/ }).click();
      await staff.waitForURL('**/business/signin');
      await staff.getByText('上海春季家装博览会').waitFor();
      await staff.getByText('今日到岗（2 人）').waitFor();
      await staff.getByRole('button', { name: '签到' }).click();
      await staff.getByText('签到成功').first().waitFor();
      await staff.getByText(/^已签到 \d\d:\d\d$/).waitFor();
      await staff.getByText('今日到岗（3 人）').waitFor();
      await staff.getByText('孙管家').waitFor();

      // A colleague at the booth sees the roster with the new name.
      const leader = await phoneOf('13800000002');
      await leader.goto('/business/signin');
      await leader.getByText('孙管家').waitFor();
    },
  );
});
