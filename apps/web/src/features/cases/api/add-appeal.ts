import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

/** POST /api/crm/addAppeal: appeal a signing failure or a rejection; the team leader decides. */
export const addAppeal = async (input: Record<string, string>) =>
  (await apiPost<{ id: number }>('/api/crm/addAppeal', input)).msg;

export function useAddAppeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAppeal, onSuccess: () => invalidateCases(queryClient) });
}
