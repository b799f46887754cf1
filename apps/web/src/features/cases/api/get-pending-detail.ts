import { pendingDetailSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { casesKeys } from './keys.ts';

/** GET /api/crm/pendingDetail?id=: a case's follow-up notes, newest first. */
export async function getPendingDetail(id: number, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/pendingDetail', { id }, signal);
  return pendingDetailSchema.parse(data);
}

export const pendingDetailQueryOptions = (id: number) =>
  queryOptions({
    queryKey: casesKeys.pendingDetail(id),
    queryFn: ({ signal }) => getPendingDetail(id, signal),
    enabled: id > 0,
  });

export const usePendingDetail = (id: number) => useQuery(pendingDetailQueryOptions(id));
