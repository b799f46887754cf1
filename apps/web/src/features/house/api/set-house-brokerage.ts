import { setBrokerageResponseSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateHouse } from './keys.ts';

export type SetBrokerageResult = z.infer<typeof setBrokerageResponseSchema>;

/** POST /api/crm/setHouseBrokerage: orders at once, or an over-limit audit waiting for finance. */
export async function setHouseBrokerage(input: {
  id: number;
  rate: string;
  userIds: number[];
  shares: number[];
}): Promise<SetBrokerageResult> {
  const { data } = await apiPost<unknown>('/api/crm/setHouseBrokerage', {
    id: input.id,
    rate: input.rate,
    user_ids: input.userIds.join(','),
    shares: input.shares.join(','),
  });
  return setBrokerageResponseSchema.parse(data);
}

export function useSetHouseBrokerage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setHouseBrokerage, onSuccess: () => invalidateHouse(client) });
}
