import { pendingDetail } from '@crm/domain/endpoints/cases';
import { useQuery } from '@tanstack/react-query';
import { byIdQueryOptions, endpointById } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';

/** GET pendingDetail?id=: a case's follow-up notes, newest first. */
export const pendingDetailQueryOptions = (id: number) =>
  byIdQueryOptions(casesKeys.pendingDetail(id), id, endpointById(pendingDetail));

export const usePendingDetail = (id: number) => useQuery(pendingDetailQueryOptions(id));
