import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { invalidateMoneyList } from './keys.ts';

/** A write to one case's repayments; once done, `invalidate` refetches what it changed (that case's list). */
export function useMoneyWrite<I, O>(
  clientId: number,
  mutationFn: (input: I) => Promise<O>,
  invalidate: (queryClient: QueryClient, clientId: number) => Promise<unknown> = invalidateMoneyList,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient, clientId) });
}
