import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addHouseClient as addHouseClientEndpoint } from '@crm/domain/endpoints/house';
import type { FormFields } from '../../../lib/api-client.ts';
import { send, type SendInput } from '../../../lib/send.ts';
import { invalidateHouse } from './keys.ts';

/** POST /api/crm/addHouseClient with the form fill's idempotency key: answers the new client's id. */
export async function addHouseClient({ fields, key }: { fields: FormFields; key: string }): Promise<number> {
  const input = fields as SendInput<typeof addHouseClientEndpoint>;
  return (await send(addHouseClientEndpoint, input, { idempotencyKey: key })).id;
}

export function useAddHouseClient() {
  const client = useQueryClient();
  return useMutation({ mutationFn: addHouseClient, onSuccess: () => invalidateHouse(client) });
}
