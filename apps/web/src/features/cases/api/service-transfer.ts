import { serviceTransfer as serviceTransferEndpoint } from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCases } from './keys.ts';

/** POST serviceTransfer: hand the case to another salesperson with a reason. */
export const serviceTransfer = async (input: Record<string, string>) =>
  (await sendAnswer(serviceTransferEndpoint, input)).msg;

export function useServiceTransfer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: serviceTransfer, onSuccess: () => invalidateCases(queryClient) });
}
