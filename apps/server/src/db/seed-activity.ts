import { and, eq } from 'drizzle-orm';
import { activitySpecSchema, authorActivity } from '../modules/activity/index.ts';
import type { Tx } from './client.ts';
import { fairs } from './schema/fair.ts';
import { FAIR_DEMO } from './seed-pact-fair.ts';

/** The demo's activities, in the order the staff list shows them (README: 营销活动). */
export const ACTIVITY_DEMO_KEYS = ['demo-car', 'demo-lottery', 'demo-coupon', 'demo-signin', 'demo-lottery-ended'];

/**
 * One activity of each kind for company 1 (decision 056), authored through the same code as the admin
 * command, running from yesterday to a week on; and a lottery that ended yesterday, whose seed is revealed.
 */
export async function seedActivityDemo(tx: Tx, hours: (n: number) => Date): Promise<void> {
  const [fair] = await tx
    .select({ id: fairs.id })
    .from(fairs)
    .where(and(eq(fairs.corpId, 1), eq(fairs.name, FAIR_DEMO.name)));
  const prizes = [
    {
      tier: 1,
      name: '扫地机器人',
      stock: 1,
      value_fen: 199_900,
      redeem_note: '凭券码到门店服务台领取，活动结束后30天内有效',
    },
    { tier: 2, name: '智能电饭煲', stock: 3, value_fen: 39_900, redeem_note: '凭券码到门店服务台领取' },
    { tier: 3, name: '定制保温杯', stock: 6, value_fen: 3_900, redeem_note: '凭券码到展位领取' },
  ];
  // Every page names whom to complain to; all are published (decision 070).
  const rules = { complaint_contact: '投诉电话 400-800-1234（工作日 9:00-18:00）', published: true };
  const running = { starts_at: hours(-24).toISOString(), ends_at: hours(24 * 7).toISOString(), ...rules };
  const specs = [
    {
      key: 'demo-car',
      type: 'car',
      title: '新车试驾季 · 到店试驾',
      intro: '预约到店试驾，专属顾问一对一讲解，试驾即送精美礼品。',
      ...running,
      fields: [{ name: 'car_model', label: '意向车型', options: ['轩逸', '天籁', '奇骏', '逍客'] }],
    },
    {
      key: 'demo-lottery',
      type: 'lottery',
      title: '五一幸运大抽奖',
      intro: '每位微信用户可抽奖一次，奖池在活动开始前已固定并公布哈希，结束后公开种子供核验。奖品按天发放。',
      ...running,
      requires_phone: true,
      // 16 tickets and a share of the prizes a day over the campaign's China days; undrawn ones roll over.
      lottery: {
        pool_size: 200,
        prizes: [...prizes.slice(0, 2), { ...prizes[2], stock: 12 }],
        release: { every: 'day', rollover: true },
      },
    },
    {
      key: 'demo-coupon',
      type: 'coupon',
      title: '家装节满减券',
      intro: '领取后到展位或门店出示券码即可使用。',
      ...running,
      requires_phone: true,
      coupon: { title: '满5000减300', value_fen: 30_000, stock: 100, valid_days: 30 },
    },
    {
      key: 'demo-signin',
      type: 'signin',
      title: '春季家装博览会 · 观展签到',
      intro: '报名签到后填写两道小问卷，到展位领取伴手礼。',
      ...running,
      ...(fair ? { fair_id: fair.id } : {}),
      questions: [
        { id: 'area', text: '您的房屋面积', options: ['90㎡以下', '90-140㎡', '140㎡以上'] },
        { id: 'when', text: '计划何时装修', options: ['三个月内', '半年内', '一年后'] },
      ],
    },
    {
      key: 'demo-lottery-ended',
      type: 'lottery',
      title: '春节幸运抽奖（已结束）',
      intro: '活动已结束，种子已公开：任何人可以据此重新推导奖池并核对哈希。',
      starts_at: hours(-24 * 10).toISOString(),
      ends_at: hours(-24).toISOString(),
      ...rules,
      lottery: { pool_size: 50, prizes },
    },
  ];
  // Authored "before the start" (the pool is fixed then), as the admin command would be.
  for (const spec of specs) await authorActivity(tx, 1, activitySpecSchema.parse(spec), hours(-24 * 30));
}
