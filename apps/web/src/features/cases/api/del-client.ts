import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

/** POST /api/crm/delClient: only while signing has not started (the server decides). */
export const delClient = async (id: number) => (await apiPost<null>('/api/crm/delClient', { id })).msg;

export function useDelClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: delClient, onSuccess: () => invalidateCases(queryClient) });
}
