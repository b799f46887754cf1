import type { TestApp } from '../../test/build-test-app.ts';
import { createCompany } from '../../test/factories.ts';
import { activitySpecSchema, authorActivity } from './index.ts';

/*
 * Authoring activities in tests, as the admin command does. The clock is the test's; a lottery's pool and
 * hashes are fixed here from a fresh secret seed.
 */

export const AT = new Date('2026-05-02T02:00:00Z');
const day = 86_400_000;

/** The spec of an activity that opened a day before AT and closes `daysLeft` days after it. */
function openActivitySpec(
  key: string,
  daysLeft: number,
  activity: Record<string, unknown>,
  overrides: Record<string, unknown>,
) {
  return activitySpecSchema.parse({
    key,
    starts_at: new Date(AT.getTime() - day).toISOString(),
    ends_at: new Date(AT.getTime() + daysLeft * day).toISOString(),
    complaint_contact: '投诉电话 400-800-1234',
    published: true,
    ...activity,
    ...overrides,
  });
}

export const lotterySpec = (key: string, overrides: Record<string, unknown> = {}) =>
  openActivitySpec(
    key,
    3,
    {
      type: 'lottery',
      title: '五一幸运大抽奖',
      lottery: {
        pool_size: 100,
        prizes: [
          { tier: 1, name: '扫地机器人', stock: 1, value_fen: 199_900, redeem_note: '凭券码到门店领取' },
          { tier: 2, name: '电饭煲', stock: 3, value_fen: 39_900 },
          { tier: 3, name: '定制水杯', stock: 6, value_fen: 3_900 },
        ],
      },
    },
    overrides,
  );

export const couponSpec = (key: string, overrides: Record<string, unknown> = {}) =>
  openActivitySpec(
    key,
    3,
    {
      type: 'coupon',
      title: '家装节满减券',
      requires_phone: true,
      coupon: { title: '满5000减300', value_fen: 30_000, stock: 2, valid_days: 7 },
    },
    overrides,
  );

export const carSpec = (key: string, overrides: Record<string, unknown> = {}) =>
  openActivitySpec(
    key,
    10,
    {
      type: 'car',
      title: '新车试驾季',
      fields: [{ name: 'car_model', label: '车型', options: ['轩逸', '天籁'] }],
    },
    overrides,
  );

export const signinSpec = (key: string, overrides: Record<string, unknown> = {}) =>
  openActivitySpec(
    key,
    2,
    {
      type: 'signin',
      title: '家装节现场签到',
      questions: [
        { id: 'area', text: '您的房屋面积', options: ['90㎡以下', '90-140㎡', '140㎡以上'] },
        { id: 'when', text: '计划何时装修', options: ['三个月内', '半年内', '一年后'] },
      ],
    },
    overrides,
  );

export const author = (test: TestApp, corpId: number, spec: ReturnType<typeof activitySpecSchema.parse>) =>
  authorActivity(test.db, corpId, spec, test.now());

/** A new company with one activity authored in it. */
export async function authorInNewCompany(test: TestApp, spec: ReturnType<typeof activitySpecSchema.parse>) {
  const corp = await createCompany(test.db);
  return { corp, activity: await author(test, corp.id, spec) };
}
