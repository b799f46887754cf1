import { houseStaffSchema } from '@crm/domain/api/house';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { houseKeys, invalidateHouse } from './keys.ts';

export type StaffOption = z.infer<typeof houseStaffSchema>[number];

/** GET /api/crm/houseStaff: who a finance leader may allot to. */
export const getHouseStaff = (signal?: AbortSignal): Promise<StaffOption[]> =>
  apiRead('GET', '/api/crm/houseStaff', {}, houseStaffSchema, signal);

export const houseStaffQueryOptions = () =>
  queryOptions({ queryKey: houseKeys.staff, queryFn: ({ signal }) => getHouseStaff(signal) });

export const useHouseStaff = () => useQuery(houseStaffQueryOptions());

/** POST /api/crm/allotHouse: hand a channel or a client to another salesperson. */
export async function allotHouse(input: { kind: 'channel' | 'client'; id: number; staff_id: number }): Promise<void> {
  await apiPost<unknown>('/api/crm/allotHouse', input);
}

export function useAllotHouse() {
  const client = useQueryClient();
  return useMutation({ mutationFn: allotHouse, onSuccess: () => invalidateHouse(client) });
}
