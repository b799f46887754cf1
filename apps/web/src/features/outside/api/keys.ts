import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the partner portal; writes invalidate through the helpers below. */
export const outsideKeys = {
  ...featureKeys('outside', ['me', 'team', 'inviteQr', 'channels']),
  referrals: (filter: object) => ['outside', 'referrals', filter] as const,
  referral: (id: number) => ['outside', 'referral', id] as const,
  allChannels: ['outside', 'channels', 'all'] as const,
  // Public or reference data: outside 'outside' so a write does not refetch them.
  invite: (code: string) => ['outside-public', 'invite', code] as const,
  products: ['outside-reference', 'products'] as const,
  branches: (bankId: number) => ['outside-reference', 'branches', bankId] as const,
};

/** A referral written: lists, details, the home counts and the to-dos are stale. */
export const invalidateReferrals = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['outside', 'referrals'] }),
    queryClient.invalidateQueries({ queryKey: ['outside', 'referral'] }),
    queryClient.invalidateQueries({ queryKey: outsideKeys.me }),
  ]);

/** A channel written: the channel list and the details naming a channel. */
export const invalidateChannels = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: outsideKeys.channels }),
    queryClient.invalidateQueries({ queryKey: ['outside', 'referral'] }),
  ]);

/** Logged out or in as someone else: nothing of the last partner stays cached. */
export const forgetPartner = (queryClient: QueryClient) => queryClient.removeQueries({ queryKey: outsideKeys.all });
