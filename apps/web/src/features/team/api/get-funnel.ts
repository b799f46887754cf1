import { funnelSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRead } from '../../../lib/api-query.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/funnel: the team's funnel, medians, approval rates and people (decision 058). */
export const getFunnel = (signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/funnel', { scope: 'team' }, funnelSchema, signal);

export const funnelQueryOptions = () =>
  queryOptions({ queryKey: [...teamKeys.data, 'funnel'], queryFn: ({ signal }) => getFunnel(signal) });

export const useFunnel = () => useQuery(funnelQueryOptions());
