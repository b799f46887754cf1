import { viewLogResponseSchema } from '@crm/domain/api/cases';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/viewLog: who saw a team client's full phone, ID number or bank card, when (decision 058). */
export const getViewLog = (cursor: number | null, signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/viewLog', { cursor: cursor ?? '', limit: 20 }, viewLogResponseSchema, signal);

export const useViewLog = () =>
  usePagedList({
    queryKey: [...teamKeys.all, 'viewLog'] as const,
    fetchPage: (cursor: number | null, signal: AbortSignal) => getViewLog(cursor, signal),
  });
