import { pendingResponseSchema } from '@crm/domain/api/cases';
import { cursorPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { casesKeys } from './keys.ts';

/** POST /api/crm/pending: the caller's open follow-ups ('1': only those due now). */
export const usePending = (due: '0' | '1') =>
  usePagedList({
    queryKey: casesKeys.pending(due),
    fetchPage: cursorPages('POST', '/api/crm/pending', { due, limit: 20 }, pendingResponseSchema),
  });
