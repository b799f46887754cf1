import { funnelSchema } from '@crm/domain/api/cases';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { teamKeys } from './keys.ts';

/** GET /api/crm/funnel: the team's funnel, medians, approval rates and people (decision 058). */
export async function getFunnel(signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/funnel', { scope: 'team' }, signal);
  return funnelSchema.parse(data);
}

export const funnelQueryOptions = () =>
  queryOptions({ queryKey: [...teamKeys.data, 'funnel'], queryFn: ({ signal }) => getFunnel(signal) });

export const useFunnel = () => useQuery(funnelQueryOptions());
