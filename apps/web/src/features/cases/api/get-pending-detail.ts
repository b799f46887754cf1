import { pendingDetailSchema } from '@crm/domain/api/cases';
import { useQuery } from '@tanstack/react-query';
import { apiRead, byIdQueryOptions } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';

/** GET /api/crm/pendingDetail?id=: a case's follow-up notes, newest first. */
export const getPendingDetail = (id: number, signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/pendingDetail', { id }, pendingDetailSchema, signal);

export const pendingDetailQueryOptions = (id: number) =>
  byIdQueryOptions(casesKeys.pendingDetail(id), id, getPendingDetail);

export const usePendingDetail = (id: number) => useQuery(pendingDetailQueryOptions(id));
