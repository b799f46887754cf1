import { serviceResponseSchema } from '@crm/domain/api/cases';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { casesKeys } from './cases-keys.ts';

/** GET /api/crm/service: cases put to customer service (job 3), and the salespeople to transfer to. */
export async function getService(query: { status: 'open' | 'all'; id?: number }, cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/service', { ...query, cursor: cursor ?? '', limit: 20 }, signal);
  return serviceResponseSchema.parse(data);
}

export const serviceQueryOptions = (status: 'open' | 'all') =>
  infiniteQueryOptions({
    queryKey: casesKeys.service(status),
    queryFn: ({ pageParam, signal }) => getService({ status }, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_cursor,
  });

export const useService = (status: 'open' | 'all') => useInfiniteQuery(serviceQueryOptions(status));

/** One request (the service_detail page). */
export const useServiceRequest = (id: number) =>
  useQuery(queryOptions({ queryKey: casesKeys.serviceOne(id), queryFn: ({ signal }) => getService({ status: 'all', id }, null, signal), enabled: id > 0 }));
