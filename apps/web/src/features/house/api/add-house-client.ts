import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type FormFields } from '../../../lib/api-client.ts';
import { invalidateHouse } from './keys.ts';

/** POST /api/crm/addHouseClient: answers the new client's id. */
export async function addHouseClient(fields: FormFields): Promise<number> {
  const { data } = await apiPost<{ id: number }>('/api/crm/addHouseClient', fields);
  return data.id;
}

export function useAddHouseClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseClient, onSuccess: () => invalidateHouse(client) });
}
