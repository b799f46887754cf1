import type { QueryClient } from '@tanstack/react-query';
import { invalidateBadgeCounts } from '../../../lib/badge-counts.ts';
import { keysWithArgs } from '../../../lib/arg-keys.ts';

/** Query keys of the case calls; mutations invalidate through the helpers below. */
export const casesKeys = {
  ...keysWithArgs('cases', ['appeals', 'costCap'], {
    list: {},
    detail: 0,
    pending: '',
    pendingDetail: 0,
    service: '',
    serviceOne: 0,
    statistic: '',
    referral: 0,
    referralProfile: 0,
    match: {},
  }),
  // Outside 'cases' on purpose: a case write does not change banks or products.
  reference: (name: string, arg?: unknown) => ['reference', name, arg] as const,
};

/** A write to a case moves it between lists, details and statistics: refetch the feature's queries. */
export const invalidateCases = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: casesKeys.all });

/** A write that also changes the home page's badge counts (follow-ups). */
export const invalidateCasesAndBadges = (queryClient: QueryClient) =>
  Promise.all([invalidateCases(queryClient), invalidateBadgeCounts(queryClient)]);
