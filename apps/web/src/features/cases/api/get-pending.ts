import { pending } from '@crm/domain/endpoints/cases';
import { endpointPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { casesKeys } from './keys.ts';

/** POST pending: the caller's open follow-ups ('1': only those due now). */
export const usePending = (due: '0' | '1') =>
  usePagedList({ queryKey: casesKeys.pending(due), fetchPage: endpointPages(pending, { due, limit: 20 }) });
