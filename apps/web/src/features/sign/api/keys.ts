import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the sign feature. */
export const signKeys = {
  all: ['sign'] as const,
  tasks: (params: object) => ['sign', 'tasks', params] as const,
  task: (id: number) => ['sign', 'task', id] as const,
};

export const invalidateSign = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: signKeys.all });
