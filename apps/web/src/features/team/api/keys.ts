import * as E from '@crm/domain/endpoints/cases';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-key.ts';

/** Query keys of the team feature, each its endpoint's (endpointKey). */
export const teamKeys = {
  data: endpointKey(E.teamData),
  funnel: endpointKey(E.funnel, { scope: 'team' }),
  viewLog: endpointKey(E.viewLog),
  appeal: (status: 'open' | 'all') => endpointKey(E.teamAppeal, { status }),
};

/**
 * An appeal audit changes the case (its status, the cases lists), the team's views and the badge counts. The
 * cases feature's reads are not all keyed by their endpoints yet, so everything is marked stale: only what is on
 * screen refetches now, the rest when it is next shown.
 */
export const invalidateAfterAudit = (queryClient: QueryClient) => queryClient.invalidateQueries();
