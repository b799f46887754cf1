import { appealListResponseSchema } from '@crm/domain/api/cases';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/teamAppeal: the appeals of the leader's team. */
export const getTeamAppeal = (status: 'open' | 'all', cursor: number | null, signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/teamAppeal', { status, cursor: cursor ?? '', limit: 20 }, appealListResponseSchema, signal);

export const teamAppealListConfig = (status: 'open' | 'all') => ({
  queryKey: teamKeys.appeal(status),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getTeamAppeal(status, cursor, signal),
});

export const useTeamAppeal = (status: 'open' | 'all') => usePagedList(teamAppealListConfig(status));
