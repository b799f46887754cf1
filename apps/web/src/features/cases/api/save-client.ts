import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

export type SaveMode = 'add' | 'edit' | 'resubmit';
const PATHS: Record<SaveMode, string> = {
  add: '/api/crm/addClient',
  edit: '/api/crm/updateClient',
  resubmit: '/api/crm/updateClientReject',
};

/**
 * POST addClient, updateClient or updateClientReject: the same form, three calls (spec §7). The server
 * answers the case id; every case query is stale afterwards.
 */
export async function saveClient(mode: SaveMode, fields: Record<string, string>, id?: number) {
  const response = await apiPost<{ id: number }>(PATHS[mode], id ? { ...fields, id } : fields);
  return { id: response.data.id, msg: response.msg };
}

export function useSaveClient(mode: SaveMode, id?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, string>) => saveClient(mode, fields, id),
    onSuccess: () => invalidateCases(queryClient),
  });
}
