import { reassign, reassignTargets } from '@crm/domain/endpoints/ownership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { readQuery } from '../../../lib/read-query.ts';
import { sendAnswer } from '../../../lib/send.ts';
import { casesKeys, invalidateCases } from './keys.ts';

/** POST /api/crm/reassignTargets: who the caller may move cases to (the team's members, or the company's). */
export const useReassignTargets = readQuery([...casesKeys.all, 'reassignTargets'], reassignTargets, {
  staleTime: 60_000,
});

/** POST /api/crm/reassign: moves the chosen cases to a colleague with a reason; the rest come back with why. */
export function useReassign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { ids: number[]; to_id: number; reason: string }) => {
      const answer = await sendAnswer(reassign, { ...input, ids: input.ids.join(',') });
      return { ...answer.data, msg: answer.msg };
    },
    onSettled: () => invalidateCases(client),
  });
}
