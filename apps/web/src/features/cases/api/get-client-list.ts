import { clientListResponseSchema } from '@crm/domain/api/cases';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { casesKeys } from './cases-keys.ts';

export type ClientListFilter = { status: number; keyword: string; scope?: 'mine' | 'team' };

/** POST /api/crm/clientList: one keyset page of the caller's cases. */
export async function getClientList(filter: ClientListFilter, cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiPost<unknown>('/api/crm/clientList', { ...filter, cursor: cursor ?? '', limit: 20 }, signal);
  return clientListResponseSchema.parse(data);
}

export const clientListQueryOptions = (filter: ClientListFilter) =>
  infiniteQueryOptions({
    queryKey: casesKeys.list(filter),
    queryFn: ({ pageParam, signal }) => getClientList(filter, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useClientList = (filter: ClientListFilter) => useInfiniteQuery(clientListQueryOptions(filter));
