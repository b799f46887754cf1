import { houseRecommendListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type FormFields } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouseList } from './keys.ts';

/** POST /api/crm/getHouseRecommend. */
export const recommendListConfig = () =>
  pagedListConfig(houseKeys.recommends, '/api/crm/getHouseRecommend', houseRecommendListSchema, {});

export const useRecommendList = () => usePagedList(recommendListConfig());

/** POST /api/crm/addHouseRecommend. */
export async function addHouseRecommend(fields: FormFields): Promise<void> {
  await apiPost<unknown>('/api/crm/addHouseRecommend', fields);
}

export function useAddHouseRecommend() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseRecommend, onSuccess: () => invalidateHouseList(client, 'recommends') });
}
