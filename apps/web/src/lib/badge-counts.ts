import { homeRefs } from '@crm/domain/endpoint-refs';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The home page's userinfo query carries the badge counts that writes of many features change (a follow-up,
 * a proof, an appeal audit). Its key lives here, not in the home feature, because a feature never imports
 * another: home builds its key from this, and the others refresh the badges through `invalidateBadgeCounts`.
 */
export const userinfoKeys = {
  // endpointKey's shape, from the zod-free reference (the home page's first paint carries no contract).
  all: [homeRefs.userinfo.path] as const,
  user: (id: number) => [homeRefs.userinfo.path, { id }] as const,
};

export const invalidateBadgeCounts = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: userinfoKeys.all });
