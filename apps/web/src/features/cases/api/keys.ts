import type { QueryClient } from '@tanstack/react-query';
import { invalidateBadgeCounts } from '../../../lib/badge-counts.ts';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the case calls; mutations invalidate through the helpers below. */
export const casesKeys = {
  ...featureKeys('cases', ['appeals']),
  list: (filter: object) => ['cases', 'list', filter] as const,
  detail: (id: number) => ['cases', 'detail', id] as const,
  pending: (due: string) => ['cases', 'pending', due] as const,
  pendingDetail: (id: number) => ['cases', 'pendingDetail', id] as const,
  service: (status: string) => ['cases', 'service', status] as const,
  serviceOne: (id: number) => ['cases', 'serviceOne', id] as const,
  statistic: (scope: string) => ['cases', 'statistic', scope] as const,
  referral: (id: number) => ['cases', 'referral', id] as const,
  // Outside 'cases' on purpose: a case write does not change banks or products.
  reference: (name: string, arg?: unknown) => ['reference', name, arg] as const,
};

/** A write to a case moves it between lists, details and statistics: refetch the feature's queries. */
export const invalidateCases = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: casesKeys.all });

/** A write that also changes the home page's badge counts (follow-ups). */
export const invalidateCasesAndBadges = (queryClient: QueryClient) =>
  Promise.all([invalidateCases(queryClient), invalidateBadgeCounts(queryClient)]);
