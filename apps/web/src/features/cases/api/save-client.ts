import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCreate, apiPost } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

export type SaveMode = 'add' | 'edit' | 'resubmit';
const PATHS: Record<SaveMode, string> = {
  add: '/api/crm/addClient',
  edit: '/api/crm/updateClient',
  resubmit: '/api/crm/updateClientReject',
};

/**
 * POST addClient, updateClient or updateClientReject: the same form, three calls (spec §7). The server
 * answers the case id; every case query is stale afterwards. A new case goes with its form fill's idempotency
 * key (decision 046); an edit changes a known record, and sending it twice changes nothing more.
 */
export async function saveClient(mode: SaveMode, fields: Record<string, string>, id?: number, key?: string) {
  const body = id ? { ...fields, id } : fields;
  const response = await (mode === 'add' && key
    ? apiCreate<{ id: number }>(PATHS[mode], body, key)
    : apiPost<{ id: number }>(PATHS[mode], body));
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
