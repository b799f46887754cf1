import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCreate } from '../../../lib/api-client.ts';
import { invalidateCasesAndBadges } from './keys.ts';

/**
 * POST /api/crm/mortgageUser: a follow-up note with the next contact time (docs/decisions/007), with the form
 * fill's idempotency key (decision 046).
 */
export const addFollowUp = async ({ fields, key }: { fields: Record<string, string>; key: string }) =>
  (await apiCreate<{ id: number }>('/api/crm/mortgageUser', fields, key)).msg;

export function useAddFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFollowUp,
    onSuccess: () => invalidateCasesAndBadges(queryClient),
  });
}
