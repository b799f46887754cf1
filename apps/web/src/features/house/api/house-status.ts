import { houseStatusSchema } from '@crm/domain/api/house';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRead } from '../../../lib/api-query.ts';
import { houseKeys } from './keys.ts';

export type HouseStatusOption = z.infer<typeof houseStatusSchema>[number];

/** GET /common/houseStatus: the status options of the list filter. */
export const getHouseStatus = (signal?: AbortSignal): Promise<HouseStatusOption[]> =>
  apiRead('GET', '/common/houseStatus', {}, houseStatusSchema, signal);

export const houseStatusQueryOptions = () =>
  queryOptions({
    queryKey: houseKeys.statusOptions,
    queryFn: ({ signal }) => getHouseStatus(signal),
    staleTime: Infinity,
  });

export const useHouseStatus = () => useQuery(houseStatusQueryOptions());
