import { useMutation, useQueryClient } from '@tanstack/react-query';
import { delHouseClient as delHouseClientEndpoint } from '@crm/domain/endpoints/house';
import { send } from '../../../lib/send.ts';
import { invalidateHouse } from './keys.ts';

/** POST /api/crm/delHouseClient. */
export async function delHouseClient(id: number): Promise<void> {
  await send(delHouseClientEndpoint, { id });
}

export function useDelHouseClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: delHouseClient, onSuccess: () => invalidateHouse(client) });
}
