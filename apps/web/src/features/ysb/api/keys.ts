import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the staff side of outside partners; writes invalidate through the helper below. */
export const ysbKeys = {
  all: ['ysb'] as const,
  partners: (filter: object) => ['ysb', 'partners', filter] as const,
  referrals: (filter: object) => ['ysb', 'referrals', filter] as const,
  referral: (id: number) => ['ysb', 'referral', id] as const,
  team: ['ysb', 'team'] as const,
  inviteQr: ['ysb', 'inviteQr'] as const,
};

/** An audit moves a partner between tabs and changes the team's pending counts. */
export const invalidateYsb = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ysbKeys.all });
