import type { QueryClient } from '@tanstack/react-query';
import { invalidateBadgeCounts } from '../../../lib/badge-counts.ts';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the exam centre; writes invalidate through the helper below. */
export const examKeys = {
  ...featureKeys('exam', ['papers']),
  paper: (id: number) => ['exam', 'paper', id] as const,
  answers: (scope: string) => ['exam', 'answers', scope] as const,
  answer: (id: number) => ['exam', 'answer', id] as const,
  stats: (id: number) => ['exam', 'stats', id] as const,
};

/** A hand-in or a mark changes lists, badges and results alike. */
export const invalidateExam = (queryClient: QueryClient) =>
  Promise.all([queryClient.invalidateQueries({ queryKey: examKeys.all }), invalidateBadgeCounts(queryClient)]);
