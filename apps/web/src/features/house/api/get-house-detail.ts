import { houseDetailSchema, type HouseDetail } from '@crm/domain/api/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { houseKeys } from './keys.ts';

/** GET /api/crm/getHouseDetail: a client with its referral chain, images, orders and audit events. */
export async function getHouseDetail(id: number, signal?: AbortSignal): Promise<HouseDetail> {
  const { data } = await apiGet<unknown>('/api/crm/getHouseDetail', { id }, signal);
  return houseDetailSchema.parse(data);
}

export const houseDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: houseKeys.detail(id),
    queryFn: ({ signal }) => getHouseDetail(id, signal),
    enabled: id > 0,
  });

export const useHouseDetail = (id: number) => useQuery(houseDetailQueryOptions(id));
