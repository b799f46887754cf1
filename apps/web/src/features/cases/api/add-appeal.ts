import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCreate } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

/**
 * POST /api/crm/addAppeal: appeal a signing failure or a rejection; the team leader decides. Sent with the
 * form fill's idempotency key (decision 046).
 */
export const addAppeal = async ({ fields, key }: { fields: Record<string, string>; key: string }) =>
  (await apiCreate<{ id: number }>('/api/crm/addAppeal', fields, key)).msg;

export function useAddAppeal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAppeal, onSuccess: () => invalidateCases(queryClient) });
}
