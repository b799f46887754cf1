import type { QueryClient } from '@tanstack/react-query';
import { invalidateBadgeCounts } from '../../../lib/badge-counts.ts';
import { featureKeys } from '../../../lib/api-query.ts';
import { argKeys } from '../../../lib/arg-keys.ts';

/** Query keys of the exam centre; writes invalidate through the helper below. */
export const examKeys = {
  ...featureKeys('exam', ['papers']),
  ...argKeys('exam', { paper: 0, answers: '', answer: 0, stats: 0 }),
};

/** A hand-in or a mark changes lists, badges and results alike. */
export const invalidateExam = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.all }), invalidateBadgeCounts(queryClient)]);
