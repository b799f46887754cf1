import { financePactSchema } from '@crm/domain/api/pact';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { pactKeys } from './keys.ts';

/** GET /api/crm/financePact?id=: a case's financing agreement (a draft, or frozen since its approval). */
export async function getFinancePact(id: number, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/financePact', { id }, signal);
  return financePactSchema.parse(data);
}

export const financePactQueryOptions = (id: number) =>
  queryOptions({
    queryKey: pactKeys.one(id),
    queryFn: ({ signal }) => getFinancePact(id, signal),
    enabled: id > 0,
  });

export const useFinancePact = (id: number) => useQuery(financePactQueryOptions(id));
