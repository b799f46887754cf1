import { pendingResponseSchema } from '@crm/domain/api/cases';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { casesKeys } from './cases-keys.ts';

/** POST /api/crm/pending: the caller's open follow-ups ('1': only those due now). */
export async function getPending(due: '0' | '1', cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiPost<unknown>('/api/crm/pending', { due, cursor: cursor ?? '', limit: 20 }, signal);
  return pendingResponseSchema.parse(data);
}

export const pendingQueryOptions = (due: '0' | '1') =>
  infiniteQueryOptions({
    queryKey: casesKeys.pending(due),
    queryFn: ({ pageParam, signal }) => getPending(due, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const usePending = (due: '0' | '1') => useInfiniteQuery(pendingQueryOptions(due));
