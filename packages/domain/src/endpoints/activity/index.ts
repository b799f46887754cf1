import {
  activityDataListRequestSchema,
  activityDataPageSchema,
  activityIdRequestSchema,
  activityInfoRequestSchema,
  activityInfoSchema,
  activityMineRequestSchema,
  activityMineSchema,
  activityVisitorSchema,
  addActivityDataRequestSchema,
  couponClaimSchema,
  lotteryDrawSchema,
  lotteryLoginRequestSchema,
  redeemRequestSchema,
  redeemSchema,
  staffActivitySchema,
} from '../../api/activity.ts';
import { rowIdSchema } from '../../api/bounds.ts';
import { z } from 'zod';
import { endpoint, noFieldsSchema } from '../index.ts';

/* The marketing activity calls: the public page, a visitor's sign-up and draw, and the staff views (spec §7). */

const addActivityDataResponse = z.object({ id: z.number().int(), already: z.boolean() });

export const getActivityinfo = endpoint({
  path: '/api/crm/getActivityinfo',
  summary: '活动介绍（公开）：奖品、奖池哈希，结束后公开种子',
  request: activityInfoRequestSchema,
  response: activityInfoSchema,
});

export const addActivityData = endpoint({
  path: '/api/crm/addActivityData',
  summary: '提交活动报名（试驾预约、展会报名、问卷）',
  request: addActivityDataRequestSchema,
  response: addActivityDataResponse,
});

export const lotteryDraw = endpoint({
  path: '/api/crm/lotteryDraw',
  summary: '抽奖（每人每活动一次）',
  request: activityIdRequestSchema,
  response: lotteryDrawSchema,
});

export const coupon = endpoint({
  path: '/api/crm/coupon',
  summary: '领取优惠券（每人一张）',
  request: activityIdRequestSchema,
  response: couponClaimSchema,
});

export const activityMine = endpoint({
  path: '/api/crm/activityMine',
  summary: '我的活动记录（报名、抽奖、券码）',
  request: activityMineRequestSchema,
  response: activityMineSchema,
});

export const activityVisitor = endpoint({
  path: '/api/crm/activityVisitor',
  summary: '当前活动访客',
  request: noFieldsSchema,
  response: activityVisitorSchema,
});

export const getActivityDataList = endpoint({
  path: '/api/crm/getActivityDataList',
  summary: '活动报名名单（试驾预约、展会签到）',
  request: activityDataListRequestSchema,
  response: activityDataPageSchema,
});

export const couponRedeem = endpoint({
  path: '/api/crm/couponRedeem',
  summary: '核销优惠券或奖品券码',
  request: redeemRequestSchema,
  response: redeemSchema,
});

export const lotteryLogin = endpoint({
  path: '/api/crm/lotteryLogin',
  summary: '活动访客验证手机号（短信验证码）',
  request: lotteryLoginRequestSchema,
  response: activityVisitorSchema,
});

export const activityList = endpoint({
  path: '/api/crm/activityList',
  summary: '本公司的营销活动与我的分享链接',
  request: z.object({
    channel_id: z.preprocess((v) => (v === '' || v == null ? undefined : v), rowIdSchema('渠道编号无效').optional()),
  }),
  response: z.array(staffActivitySchema),
});
