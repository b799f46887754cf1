import { appealListResponseSchema } from '@crm/domain/api/cases';
import { apiGet } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/teamAppeal: the appeals of the leader's team. */
export async function getTeamAppeal(status: 'open' | 'all', cursor: number | null, signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/teamAppeal', { status, cursor: cursor ?? '', limit: 20 }, signal);
  return appealListResponseSchema.parse(data);
}

export const teamAppealListConfig = (status: 'open' | 'all') => ({
  queryKey: teamKeys.appeal(status),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getTeamAppeal(status, cursor, signal),
});

export const useTeamAppeal = (status: 'open' | 'all') => usePagedList(teamAppealListConfig(status));
