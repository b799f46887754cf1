import type { QueryClient } from '@tanstack/react-query';
import { invalidateBadgeCounts } from '../../../lib/badge-counts.ts';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the money feature; mutations invalidate through the helpers below. */
export const moneyKeys = {
  ...featureKeys('money'),
  list: (clientId: number) => ['money', 'list', clientId] as const,
  proofs: (clientId: number) => ['money', 'proofs', clientId] as const,
  rejections: () => ['money', 'rejections'] as const,
  toConfirm: () => ['money', 'toConfirm'] as const,
};

/** A repayment added, confirmed or deleted: that case's list. */
export const invalidateMoneyList = (queryClient: QueryClient, clientId: number) =>
  queryClient.invalidateQueries({ queryKey: moneyKeys.list(clientId) });

/** A repayment confirmed: its case's list, the leader's to-confirm list and the badges. */
export const invalidateAfterConfirm = (queryClient: QueryClient, clientId: number) =>
  Promise.all([
    invalidateMoneyList(queryClient, clientId),
    queryClient.invalidateQueries({ queryKey: moneyKeys.toConfirm() }),
    invalidateBadgeCounts(queryClient),
  ]);

/** Proofs uploaded or resolved: every money view and the badge counts. */
export const invalidateMoneyAndBadges = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: moneyKeys.all }), invalidateBadgeCounts(queryClient)]);
