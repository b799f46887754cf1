import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCreate, type FormFields } from '../../../lib/api-client.ts';
import { invalidateHouseList } from './keys.ts';

/**
 * The hook of a house create call (a channel, a recommendation): sent with the form fill's idempotency key, so
 * a retry makes one record; answers the new id, and the kind's list is read again.
 */
export function useHouseCreate(path: string, list: Parameters<typeof invalidateHouseList>[1]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, key }: { fields: FormFields; key: string }) =>
      (await apiCreate<{ id: number }>(path, fields, key)).data.id,
    onSuccess: () => invalidateHouseList(client, list),
  });
}

export type HouseCreate = ReturnType<typeof useHouseCreate>;
