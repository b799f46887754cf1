import { fairSigninSchema } from '@crm/domain/api/fair';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { fairKeys } from './keys.ts';

/** How often the booth's roster refreshes while the page is open. */
export const ROSTER_REFRESH_MS = 30_000;

/** GET /api/crm/fairSignin: today's fairs, my check-in and who checked in. */
export async function getFairSignin(signal?: AbortSignal) {
  const { data } = await apiGet<unknown>('/api/crm/fairSignin', {}, signal);
  return fairSigninSchema.parse(data);
}

export const fairSigninQueryOptions = () =>
  queryOptions({
    queryKey: fairKeys.today,
    queryFn: ({ signal }) => getFairSignin(signal),
    refetchInterval: ROSTER_REFRESH_MS,
  });

export const useFairSignin = () => useQuery(fairSigninQueryOptions());
