import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the fair check-in. */
export const fairKeys = featureKeys('fair', ['today']);

/** A check-in changes today's rosters. */
export const invalidateFair = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: fairKeys.all });
