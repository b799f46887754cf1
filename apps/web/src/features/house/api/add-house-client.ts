import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCreate, type FormFields } from '../../../lib/api-client.ts';
import { invalidateHouse } from './keys.ts';

/** POST /api/crm/addHouseClient with the form fill's idempotency key: answers the new client's id. */
export async function addHouseClient({ fields, key }: { fields: FormFields; key: string }): Promise<number> {
  const { data } = await apiCreate<{ id: number }>('/api/crm/addHouseClient', fields, key);
  return data.id;
}

export function useAddHouseClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseClient, onSuccess: () => invalidateHouse(client) });
}
