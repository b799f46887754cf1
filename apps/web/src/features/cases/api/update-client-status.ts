import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateCases } from './keys.ts';

export type StatusMove = { id: number; status: number; reason_code?: number; reason?: string };

/** POST /api/crm/updateClientStatus: one move of the transition table. */
export const updateClientStatus = async (move: StatusMove) =>
  (await apiPost<null>('/api/crm/updateClientStatus', move)).msg;

export function useUpdateClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClientStatus, onSuccess: () => invalidateCases(queryClient) });
}
