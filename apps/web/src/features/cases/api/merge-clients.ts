import { mergeClients } from '@crm/domain/endpoints/ownership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateCases } from './keys.ts';

/** POST /api/crm/mergeClients: the duplicate's records move to the kept case, which stays; the duplicate points to it. */
export function useMergeClients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { keep_id: number; merge_id: number }) => {
      const answer = await sendAnswer(mergeClients, input);
      return { ...answer.data, msg: answer.msg };
    },
    onSettled: () => invalidateCases(client),
  });
}
