import { appealListResponseSchema } from '@crm/domain/api/cases';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET /api/crm/appeal: the caller's appeals and their decisions. */
export const getAppeals = (cursor: number | null, signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/appeal', { cursor: cursor ?? '', limit: 20 }, appealListResponseSchema, signal);

export const appealsListConfig = () => ({
  queryKey: casesKeys.appeals,
  fetchPage: (cursor: number | null, signal: AbortSignal) => getAppeals(cursor, signal),
});

export const useAppeals = () => usePagedList(appealsListConfig());
