import { delClient as delClientEndpoint } from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCases } from './keys.ts';

/** POST delClient: only while signing has not started (the server decides). */
export const delClient = async (id: number) => (await sendAnswer(delClientEndpoint, { id })).msg;

export function useDelClient() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: delClient, onSuccess: () => invalidateCases(queryClient) });
}
