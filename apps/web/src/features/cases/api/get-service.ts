import { service } from '@crm/domain/endpoints/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET service: cases put to customer service (job 3), and the salespeople to transfer to. */
const getService = (query: { status: 'open' | 'all'; id?: number }) =>
  endpointPages(service, { ...query, limit: 20 }, 'GET');

export const serviceListConfig = (status: 'open' | 'all') => ({
  queryKey: casesKeys.service(status),
  fetchPage: getService({ status }),
});

export const useService = (status: 'open' | 'all') => usePagedList(serviceListConfig(status));

/** One request (the service_detail page). */
export const useServiceRequest = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: casesKeys.serviceOne(id),
      queryFn: ({ signal }) => getService({ status: 'all', id })(null, signal),
      enabled: id > 0,
    }),
  );
