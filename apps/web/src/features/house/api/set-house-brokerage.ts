import type { setBrokerageResponseSchema } from '@crm/domain/api/house';
import { setHouseBrokerage as setHouseBrokerageEndpoint } from '@crm/domain/endpoints/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { send } from '../../../lib/send.ts';
import { invalidateHouse } from './keys.ts';

export type SetBrokerageResult = z.infer<typeof setBrokerageResponseSchema>;

/** POST /api/crm/setHouseBrokerage: orders at once, or an over-limit audit waiting for finance. */
export async function setHouseBrokerage(input: {
  id: number;
  rate: string;
  userIds: number[];
  shares: number[];
}): Promise<SetBrokerageResult> {
  return send(setHouseBrokerageEndpoint, {
    id: input.id,
    rate: input.rate,
    user_ids: input.userIds.join(','),
    shares: input.shares.join(','),
  });
}

export function useSetHouseBrokerage() {
  const client = useQueryClient();
  return useMutation({ mutationFn: setHouseBrokerage, onSuccess: () => invalidateHouse(client) });
}
