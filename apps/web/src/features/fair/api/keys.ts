import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the fair check-in. */
export const fairKeys = {
  all: ['fair'] as const,
  today: ['fair', 'today'] as const,
};

/** A check-in changes today's rosters. */
export const invalidateFair = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: fairKeys.all });
