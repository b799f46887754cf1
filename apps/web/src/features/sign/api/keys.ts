import type { QueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../lib/api-query.ts';

/** Query keys of the sign feature. */
export const signKeys = {
  ...featureKeys('sign'),
  tasks: (params: object) => ['sign', 'tasks', params] as const,
  task: (id: number) => ['sign', 'task', id] as const,
};

export const invalidateSign = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: signKeys.all });
