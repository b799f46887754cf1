import { addClient, updateClient, updateClientReject } from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCases } from './keys.ts';

export type SaveMode = 'add' | 'edit' | 'resubmit';
const ENDPOINTS = { add: addClient, edit: updateClient, resubmit: updateClientReject } as const;

/**
 * POST addClient, updateClient or updateClientReject: the same form, three calls (spec §7). The server
 * answers the case id; every case query is stale afterwards. A new case goes with its form fill's idempotency
 * key (decision 046); an edit changes a known record, and sending it twice changes nothing more.
 */
export async function saveClient(mode: SaveMode, fields: Record<string, string>, id?: number, key?: string) {
  const response =
    mode === 'add'
      ? await sendAnswer(ENDPOINTS.add, fields, key ? { idempotencyKey: key } : {})
      : await sendAnswer(ENDPOINTS[mode], { ...fields, id });
  return { id: response.data.id, msg: response.msg };
}

export type SaveClientInput = { fields: Record<string, string>; key?: string };

export function useSaveClient(mode: SaveMode, id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, key }: SaveClientInput) => saveClient(mode, fields, id, key),
    onSuccess: () => invalidateCases(queryClient),
  });
}
