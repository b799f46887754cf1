import {
  activityDataPageSchema,
  redeemSchema,
  staffActivitySchema,
  type ActivityDataPage,
} from '@crm/domain/api/activity';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { featureKeys } from '../../../lib/api-query.ts';

export const activityKeys = {
  ...featureKeys('activity', ['list']),
  data: (id: number) => ['activity', 'data', id] as const,
};

/** GET /api/crm/activityList: the company's activities with my share link. */
export async function getActivityList(signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/activityList', {}, signal);
  return z.array(staffActivitySchema).parse(data);
}

export const useActivityList = () =>
  useQuery(queryOptions({ queryKey: activityKeys.list, queryFn: ({ signal }) => getActivityList(signal) }));

/** POST /api/crm/getActivityDataList: an activity's sign-ups, newest first, a page at a cursor. */
export const getActivityData = (id: number, cursor: number | null, signal?: AbortSignal): Promise<ActivityDataPage> =>
  apiRead('POST', '/api/crm/getActivityDataList', { activity_id: id, cursor }, activityDataPageSchema, signal);

export const useActivityData = (id: number) =>
  usePagedList({ queryKey: activityKeys.data(id), fetchPage: (cursor, signal) => getActivityData(id, cursor, signal) });

/** POST /api/crm/couponRedeem: redeem a coupon or prize code (typed, any case, with or without the dash). */
export async function redeemCode(code: string) {
  const response = await apiPost<unknown>('/api/crm/couponRedeem', { code });
  return redeemSchema.parse(response.data);
}

export const useRedeem = () => useMutation({ mutationFn: redeemCode });
