import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateHouse } from './keys.ts';

/** POST /api/crm/delHouseClient. */
export async function delHouseClient(id: number): Promise<void> {
  await apiPost<unknown>('/api/crm/delHouseClient', { id });
}

export function useDelHouseClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delHouseClient, onSuccess: () => invalidateHouse(client) });
}
