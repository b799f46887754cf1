import { teamDataSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRead } from '../../../lib/api-query.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/teamData: the leader's team by status, month and member. */
export const getTeamData = (signal?: AbortSignal) => apiRead('GET', '/api/crm/teamData', {}, teamDataSchema, signal);

export const teamDataQueryOptions = () =>
  queryOptions({ queryKey: teamKeys.data, queryFn: ({ signal }) => getTeamData(signal) });

export const useTeamData = () => useQuery(teamDataQueryOptions());
