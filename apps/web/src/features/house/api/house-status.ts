import { houseStatusSchema } from '@crm/domain/api/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';
import { houseKeys } from './keys.ts';

export type HouseStatusOption = z.infer<typeof houseStatusSchema>[number];

/** GET /common/houseStatus: the status options of the list filter. */
export async function getHouseStatus(signal?: AbortSignal): Promise<HouseStatusOption[]> {
  const { data } = await apiGet<unknown>('/common/houseStatus', undefined, signal);
  return houseStatusSchema.parse(data);
}

export const houseStatusQueryOptions = () =>
  queryOptions({
    queryKey: houseKeys.statusOptions,
    queryFn: ({ signal }) => getHouseStatus(signal),
    staleTime: Infinity,
  });

export const useHouseStatus = () => useQuery(houseStatusQueryOptions());
