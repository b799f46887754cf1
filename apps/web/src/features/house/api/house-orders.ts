import type { orderStatusSummarySchema } from '@crm/domain/api/house';
import * as E from '@crm/domain/endpoints/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { readQuery } from '../../../lib/read-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { send } from '../../../lib/send.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouse, invalidateHouseList } from './keys.ts';

export type OrderSummary = z.infer<typeof orderStatusSummarySchema>;

/** POST /api/crm/houseBrokerageOrder: order counts and sums by status, and whether the caller may act. */
export const useOrderSummary = readQuery(houseKeys.orderSummary, E.houseBrokerageOrder);

/** POST /api/crm/houseBrokerageOrderList: orders of one status (0: all). */
export const orderListConfig = (status: number) =>
  pagedListConfig(houseKeys.orderList, E.houseBrokerageOrderList, { status });

export const useOrderList = (status: number) => usePagedList(orderListConfig(status));

/** POST /api/crm/updateHouseBrokerageOrder: remark and transfer reference of a waiting order. */
export async function updateHouseBrokerageOrder(input: { id: number; remark: string; pay_ref: string }): Promise<void> {
  await send(E.updateHouseBrokerageOrder, input);
}

/** POST /api/crm/updateHouseBrokerageStatus: 2 paid, 3 cancelled. */
export async function updateHouseBrokerageStatus(input: { id: number; status: 2 | 3 }): Promise<void> {
  await send(E.updateHouseBrokerageStatus, input);
}

export function useUpdateOrder() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateHouseBrokerageOrder, onSuccess: () => invalidateHouseList(client, 'orders') });
}

export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateHouseBrokerageStatus, onSuccess: () => invalidateHouse(client) });
}
