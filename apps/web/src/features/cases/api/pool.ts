import { pool, poolClaim } from '@crm/domain/endpoints/ownership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { sendAnswer } from '../../../lib/send.ts';

const poolKey = (tail: string) => ['cases', 'pool', tail] as const;

/** POST /api/crm/pool: the company's public pool (公海), masked, newest first; a phone tail narrows it. */
export const usePool = (tail: string) =>
  usePagedList({
    queryKey: poolKey(tail),
    fetchPage: endpointPages(pool, { limit: 20, phone_tail: tail }),
  });

/** POST /api/crm/poolClaim: the case becomes the caller's (first come; a daily cap). */
export function usePoolClaim() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      const answer = await sendAnswer(poolClaim, { id });
      return { ...answer.data, msg: answer.msg };
    },
    onSettled: () => client.invalidateQueries({ queryKey: ['cases'] }),
  });
}
