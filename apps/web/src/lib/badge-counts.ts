import type { QueryClient } from '@tanstack/react-query';

/**
 * The home page's userinfo query carries the badge counts that writes of many features change (a follow-up,
 * a proof, an appeal audit). Its key lives here, not in the home feature, because a feature never imports
 * another: home builds its key from this, and the others refresh the badges through `invalidateBadgeCounts`.
 */
export const userinfoKeys = {
  all: ['userinfo'] as const,
  user: (id: number) => ['userinfo', id] as const,
};

export const invalidateBadgeCounts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: userinfoKeys.all });
