import { statisticSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { casesKeys } from './keys.ts';

/** GET /api/crm/statistic: cases and amounts by status and month, the caller's or (leader) the team's. */
export async function getStatistic(scope: 'mine' | 'team', signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/statistic', { scope }, signal);
  return statisticSchema.parse(data);
}

export const statisticQueryOptions = (scope: 'mine' | 'team') =>
  queryOptions({ queryKey: casesKeys.statistic(scope), queryFn: ({ signal }) => getStatistic(scope, signal) });

export const useStatistic = (scope: 'mine' | 'team') => useQuery(statisticQueryOptions(scope));
