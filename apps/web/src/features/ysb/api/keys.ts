import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the staff side of outside partners; writes invalidate through the helper below. */
export const ysbKeys = {
  ...featureKeys('ysb', ['team', 'inviteQr']),
  partners: (filter: object) => ['ysb', 'partners', filter] as const,
  referrals: (filter: object) => ['ysb', 'referrals', filter] as const,
  referral: (id: number) => ['ysb', 'referral', id] as const,
};

/** An audit moves a partner between tabs and changes the team's pending counts. */
export const invalidateYsb = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ysbKeys.all });
