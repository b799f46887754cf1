import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the team feature. */
export const teamKeys = {
  ...featureKeys('team', ['data']),
  appeal: (status: string) => ['team', 'appeal', status] as const,
};

/**
 * An appeal audit changes the case (its status, the cases lists), the team's views and the badge counts.
 * The cases feature's keys are not ours to import, so everything is marked stale: only what is on screen
 * refetches now, the rest when it is next shown.
 */
export const invalidateAfterAudit = (queryClient: QueryClient) => queryClient.invalidateQueries();
