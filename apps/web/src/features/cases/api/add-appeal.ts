import { addAppeal as addAppealEndpoint } from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCases } from './keys.ts';

/**
 * POST addAppeal: appeal a signing failure or a rejection; the team leader decides. Sent with the form fill's
 * idempotency key (decision 046).
 */
export const addAppeal = async ({ fields, key }: { fields: Record<string, string>; key: string }) =>
  (await sendAnswer(addAppealEndpoint, fields, { idempotencyKey: key })).msg;

export function useAddAppeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAppeal, onSuccess: () => invalidateCases(queryClient) });
}
