import { houseRecommendDetailSchema, houseRecommendListSchema, type HouseRecommendDetail } from '@crm/domain/api/house';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCreate, type FormFields } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouseList } from './keys.ts';

/** POST /api/crm/getHouseRecommend. */
export const recommendListConfig = () =>
  pagedListConfig(houseKeys.recommends, '/api/crm/getHouseRecommend', houseRecommendListSchema, {});

export const useRecommendList = () => usePagedList(recommendListConfig());

/** POST /api/crm/addHouseRecommend with the form fill's idempotency key (a retry makes one recommendation). */
export async function addHouseRecommend({ fields, key }: { fields: FormFields; key: string }): Promise<number> {
  const { data } = await apiCreate<{ id: number }>('/api/crm/addHouseRecommend', fields, key);
  return data.id;
}

export function useAddHouseRecommend() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseRecommend, onSuccess: () => invalidateHouseList(client, 'recommends') });
}

/** GET /api/crm/getHouseRecommendDetail: one recommendation's own record (the full phone, who recorded it). */
export const getHouseRecommendDetail = (id: number, signal?: AbortSignal): Promise<HouseRecommendDetail> =>
  apiRead('GET', '/api/crm/getHouseRecommendDetail', { id }, houseRecommendDetailSchema, signal);

/** The record of the recommendation `id`; nothing is asked while `id` is null (the sheet is closed). */
export const useRecommendDetail = (id: number | null) =>
  useQuery({
    queryKey: houseKeys.recommend(id ?? 0),
    queryFn: ({ signal }) => getHouseRecommendDetail(id ?? 0, signal),
    enabled: id !== null,
  });
