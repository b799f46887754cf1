import * as E from '@crm/domain/endpoints/activity';
import { useMutation } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { send } from '../../../lib/send.ts';

/** Query keys of the staff's activity pages, each its endpoint's (endpointKey). */
export const activityKeys = {
  list: endpointKey(E.activityList),
  data: (id: number) => endpointKey(E.getActivityDataList, { activity_id: id }),
};

/** GET activityList: the company's activities with my share link. */
export const useActivityList = readQuery(activityKeys.list, E.activityList, { method: 'GET' });

/** POST getActivityDataList: an activity's sign-ups, newest first, a page at a cursor. */
export const useActivityData = (id: number) =>
  useEndpointList(activityKeys.data(id), E.getActivityDataList, { activity_id: id });

/** POST couponRedeem: redeem a coupon or prize code (typed, any case, with or without the dash). */
export const redeemCode = (code: string) => send(E.couponRedeem, { code });

export const useRedeem = () => useMutation({ mutationFn: redeemCode });
