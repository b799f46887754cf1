import { statistic } from '@crm/domain/endpoints/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';
import { casesKeys } from './keys.ts';

/** GET statistic: cases and amounts by status and month, the caller's or (leader) the team's. */
export const statisticQueryOptions = (scope: 'mine' | 'team') =>
  queryOptions({
    queryKey: casesKeys.statistic(scope),
    queryFn: ({ signal }) => send(statistic, { scope }, { method: 'GET', signal }),
  });

export const useStatistic = (scope: 'mine' | 'team') => useQuery(statisticQueryOptions(scope));
