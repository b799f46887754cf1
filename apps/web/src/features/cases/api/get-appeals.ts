import { appealListResponseSchema } from '@crm/domain/api/cases';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { casesKeys } from './cases-keys.ts';

/** GET /api/crm/appeal: the caller's appeals and their decisions. */
export async function getAppeals(cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/appeal', { cursor: cursor ?? '', limit: 20 }, signal);
  return appealListResponseSchema.parse(data);
}

export const appealsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: casesKeys.appeals,
    queryFn: ({ pageParam, signal }) => getAppeals(pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useAppeals = () => useInfiniteQuery(appealsQueryOptions());
