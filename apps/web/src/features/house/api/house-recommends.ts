import { houseRecommendListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type FormFields } from '../../../lib/api-client.ts';
import { pagedQueryOptions, usePaged } from './paged.ts';

/** POST /api/crm/getHouseRecommend. */
export const recommendListQueryOptions = () =>
  pagedQueryOptions(['house', 'recommends'], '/api/crm/getHouseRecommend', houseRecommendListSchema, {});

export const useRecommendList = () => usePaged(recommendListQueryOptions());

/** POST /api/crm/addHouseRecommend. */
export async function addHouseRecommend(fields: FormFields): Promise<void> {
  await apiPost<unknown>('/api/crm/addHouseRecommend', fields);
}

export function useAddHouseRecommend() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseRecommend, onSuccess: () => client.invalidateQueries({ queryKey: ['house', 'recommends'] }) });
}
