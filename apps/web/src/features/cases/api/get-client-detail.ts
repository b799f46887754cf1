import { caseDetailSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { casesKeys } from './keys.ts';

/** GET /api/crm/detail?id=: the case, its timeline and what the caller may do with it. */
export async function getClientDetail(id: number, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/detail', { id }, signal);
  return caseDetailSchema.parse(data);
}

export const clientDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: casesKeys.detail(id),
    queryFn: ({ signal }) => getClientDetail(id, signal),
    enabled: id > 0,
  });

export const useClientDetail = (id: number) => useQuery(clientDetailQueryOptions(id));
