import { updateClientStatus as updateClientStatusEndpoint } from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCases } from './keys.ts';

export type StatusMove = { id: number; status: number; reason_code?: number; reason?: string };

/** POST updateClientStatus: one move of the transition table. */
export const updateClientStatus = async (move: StatusMove) => (await sendAnswer(updateClientStatusEndpoint, move)).msg;

export function useUpdateClientStatus() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateClientStatus, onSuccess: () => invalidateCases(queryClient) });
}
