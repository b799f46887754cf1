import { teamDataSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/teamData: the leader's team by status, month and member. */
export async function getTeamData(signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/teamData', undefined, signal);
  return teamDataSchema.parse(data);
}

export const teamDataQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.data, queryFn: ({ signal }) => getTeamData(signal) });

export const useTeamData = () => useQuery(teamDataQueryOptions());
