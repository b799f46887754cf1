import { statisticSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';

/** GET /api/crm/statistic: cases and amounts by status and month, the caller's or (leader) the team's. */
export const getStatistic = (scope: 'mine' | 'team', signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/statistic', { scope }, statisticSchema, signal);

export const statisticQueryOptions = (scope: 'mine' | 'team') =>
  queryOptions({ queryKey: casesKeys.statistic(scope), queryFn: ({ signal }) => getStatistic(scope, signal) });

export const useStatistic = (scope: 'mine' | 'team') => useQuery(statisticQueryOptions(scope));
