import { viewLogResponseSchema } from '@crm/domain/api/cases';
import { apiGet } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/viewLog: who saw a team client's full phone, ID number or bank card, when (decision 058). */
export async function getViewLog(cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/viewLog', { cursor: cursor ?? '', limit: 20 }, signal);
  return viewLogResponseSchema.parse(data);
}

export const useViewLog = () =>
  usePagedList({
    queryKey: [...teamKeys.all, 'viewLog'] as const,
    fetchPage: (cursor: number | null, signal: AbortSignal) => getViewLog(cursor, signal),
  });
