import type { houseStaffSchema } from '@crm/domain/api/house';
import { allotHouse as allotHouseEndpoint, houseStaff } from '@crm/domain/endpoints/house';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { send } from '../../../lib/send.ts';
import { houseKeys, invalidateHouse } from './keys.ts';

export type StaffOption = z.infer<typeof houseStaffSchema>[number];

/** GET /api/crm/houseStaff: who a finance leader may allot to. */
export const getHouseStaff = (signal?: AbortSignal): Promise<StaffOption[]> =>
  send(houseStaff, {}, { method: 'GET', signal });

export const houseStaffQueryOptions = () =>
  queryOptions({ queryKey: houseKeys.staff, queryFn: ({ signal }) => getHouseStaff(signal) });

export const useHouseStaff = () => useQuery(houseStaffQueryOptions());

/** POST /api/crm/allotHouse: hand a channel or a client to another salesperson. */
export async function allotHouse(input: { kind: 'channel' | 'client'; id: number; staff_id: number }): Promise<void> {
  await send(allotHouseEndpoint, input);
}

export function useAllotHouse() {
  const client = useQueryClient();
  return useMutation({ mutationFn: allotHouse, onSuccess: () => invalidateHouse(client) });
}
