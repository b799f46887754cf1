import { fairSignin } from '@crm/domain/endpoints/fair';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';
import { fairKeys } from './keys.ts';

/** How often the booth's roster refreshes while the page is open. */
export const ROSTER_REFRESH_MS = 30_000;

/** GET /api/crm/fairSignin: today's fairs, my check-in and who checked in. */
export const getFairSignin = (signal?: AbortSignal) => send(fairSignin, {}, { method: 'GET', signal });

export const fairSigninQueryOptions = () =>
  queryOptions({
    queryKey: fairKeys.today,
    queryFn: ({ signal }) => getFairSignin(signal),
    refetchInterval: ROSTER_REFRESH_MS,
  });

export const useFairSignin = () => useQuery(fairSigninQueryOptions());
