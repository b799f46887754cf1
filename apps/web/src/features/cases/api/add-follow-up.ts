import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateCasesAndBadges } from './keys.ts';

/** POST /api/crm/mortgageUser: a follow-up note with the next contact time (docs/decisions/007). */
export const addFollowUp = async (input: Record<string, string>) =>
  (await apiPost<{ id: number }>('/api/crm/mortgageUser', input)).msg;

export function useAddFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFollowUp,
    onSuccess: () => invalidateCasesAndBadges(queryClient),
  });
}
