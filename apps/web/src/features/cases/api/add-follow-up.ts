import { mortgageUser } from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCasesAndBadges } from './keys.ts';

/**
 * POST mortgageUser: a follow-up note with the next contact time (docs/decisions/007), with the form fill's
 * idempotency key (decision 046).
 */
export const addFollowUp = async ({ fields, key }: { fields: Record<string, string>; key: string }) =>
  (await sendAnswer(mortgageUser, fields, { idempotencyKey: key })).msg;

export function useAddFollowUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFollowUp,
    onSuccess: () => invalidateCasesAndBadges(queryClient),
  });
}
