import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

/** POST /api/crm/serviceTransfer: hand the case to another salesperson with a reason. */
export const serviceTransfer = async (input: Record<string, string>) =>
  (await apiPost<null>('/api/crm/serviceTransfer', input)).msg;

export function useServiceTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: serviceTransfer, onSuccess: () => invalidateCases(queryClient) });
}
