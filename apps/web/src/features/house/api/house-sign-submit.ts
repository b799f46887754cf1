import { useMutation, useQueryClient } from '@tanstack/react-query';
import { houseSignSubmit as houseSignSubmitEndpoint } from '@crm/domain/endpoints/house';
import { send } from '../../../lib/send.ts';
import { invalidateHouse } from './keys.ts';

/** POST /api/crm/houseSignSubmit: the steward books the client's signing at the bank. */
export async function houseSignSubmit(input: { id: number; appointment_at: string; place: string }): Promise<void> {
  await send(houseSignSubmitEndpoint, input);
}

export function useHouseSignSubmit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: houseSignSubmit, onSuccess: () => invalidateHouse(client) });
}
