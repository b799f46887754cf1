import { appealListResponseSchema } from '@crm/domain/api/cases';
import { apiGet } from '../../../lib/api-client.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET /api/crm/appeal: the caller's appeals and their decisions. */
export async function getAppeals(cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/appeal', { cursor: cursor ?? '', limit: 20 }, signal);
  return appealListResponseSchema.parse(data);
}

export const appealsListConfig = () => ({
  queryKey: casesKeys.appeals,
  fetchPage: (cursor: number | null, signal: AbortSignal) => getAppeals(cursor, signal),
});

export const useAppeals = () => usePagedList(appealsListConfig());
