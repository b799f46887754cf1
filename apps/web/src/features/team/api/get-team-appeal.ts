import { appealListResponseSchema } from '@crm/domain/api/cases';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/** GET /api/crm/teamAppeal: the appeals of the leader's team. */
export async function getTeamAppeal(status: 'open' | 'all', cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/teamAppeal', { status, cursor: cursor ?? '', limit: 20 }, signal);
  return appealListResponseSchema.parse(data);
}

export const teamAppealQueryOptions = (status: 'open' | 'all') =>
  infiniteQueryOptions({
    queryKey: ['team', 'appeal', status],
    queryFn: ({ pageParam, signal }) => getTeamAppeal(status, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useTeamAppeal = (status: 'open' | 'all') => useInfiniteQuery(teamAppealQueryOptions(status));
