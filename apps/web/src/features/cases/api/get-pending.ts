import { pendingResponseSchema } from '@crm/domain/api/cases';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** POST /api/crm/pending: the caller's open follow-ups ('1': only those due now). */
export const getPending = (due: '0' | '1', cursor: number | null, signal?: AbortSignal) =>
  apiRead('POST', '/api/crm/pending', { due, cursor: cursor ?? '', limit: 20 }, pendingResponseSchema, signal);

export const pendingListConfig = (due: '0' | '1') => ({
  queryKey: casesKeys.pending(due),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getPending(due, cursor, signal),
});

export const usePending = (due: '0' | '1') => usePagedList(pendingListConfig(due));
