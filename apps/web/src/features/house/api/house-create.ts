import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Endpoint } from '@crm/domain/endpoints';
import type { okResponseSchema } from '@crm/domain/api/house';
import type { z } from 'zod';
import type { FormFields } from '../../../lib/api-client.ts';
import { send, type SendInput } from '../../../lib/send.ts';
import { invalidateHouseList } from './keys.ts';

/**
 * The hook of a house create call (a channel, a recommendation): sent with the form fill's idempotency key, so
 * a retry makes one record; answers the new id, and the kind's list is read again.
 */
export function useHouseCreate<E extends Endpoint<z.ZodType, typeof okResponseSchema>>(
  endpoint: E,
  list: Parameters<typeof invalidateHouseList>[1],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, key }: { fields: FormFields; key: string }) =>
      (await send(endpoint, fields as SendInput<E>, { idempotencyKey: key })).id,
    onSuccess: () => invalidateHouseList(client, list),
  });
}

export type HouseCreate = ReturnType<typeof useHouseCreate>;
