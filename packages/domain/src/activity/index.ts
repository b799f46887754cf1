/*
 * Marketing activities for WeChat visitors (spec §2 /activity, issue 17, decision 056): the rules the
 * server, the visitor pages and the e2e journeys share.
 */
export * from './pool.ts';
export * from './coupon-code.ts';
export { sha256Hex, hmacSha256, toHex } from './sha256.ts';

/** The four kinds of activity (/activity/car, lottery, coupon, signin). */
export const ACTIVITY_TYPES = ['car', 'lottery', 'coupon', 'signin'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  car: '预约试驾',
  lottery: '幸运抽奖',
  coupon: '领取优惠券',
  signin: '展会签到',
};

/** The prize tiers' names (spec §9: four tiers, the fourth a thank-you with no prize). */
export const TIER_LABELS: Record<number, string> = { 1: '一等奖', 2: '二等奖', 3: '三等奖', 4: '谢谢参与' };
