import { serviceResponseSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET /api/crm/service: cases put to customer service (job 3), and the salespeople to transfer to. */
export const getService = (
  query: { status: 'open' | 'all'; id?: number },
  cursor: number | null,
  signal?: AbortSignal,
) => apiRead('GET', '/api/crm/service', { ...query, cursor: cursor ?? '', limit: 20 }, serviceResponseSchema, signal);

export const serviceListConfig = (status: 'open' | 'all') => ({
  queryKey: casesKeys.service(status),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getService({ status }, cursor, signal),
});

export const useService = (status: 'open' | 'all') => usePagedList(serviceListConfig(status));

/** One request (the service_detail page). */
export const useServiceRequest = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: casesKeys.serviceOne(id),
      queryFn: ({ signal }) => getService({ status: 'all', id }, null, signal),
      enabled: id > 0,
    }),
  );
