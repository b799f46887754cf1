import type { QueryClient } from '@tanstack/react-query';
import { invalidateBadgeCounts } from '../../../lib/badge-counts.ts';
import { keysWithArgs } from '../../../lib/arg-keys.ts';

/** Query keys of the exam centre; writes invalidate through the helper below. */
export const examKeys = keysWithArgs('exam', ['papers'], { paper: 0, answers: '', answer: 0, stats: 0 });

/** A hand-in or a mark changes lists, badges and results alike. */
export const invalidateExam = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.all }), invalidateBadgeCounts(queryClient)]);
