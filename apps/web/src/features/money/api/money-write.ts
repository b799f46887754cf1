import { moneyRecordSchema, type MoneyRecord } from '@crm/domain/api/money';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateMoneyList } from './keys.ts';

/** A repayment write the server answers with the record as it now stands. */
export async function postMoneyRecord(path: string, fields: Record<string, string | number>): Promise<MoneyRecord> {
  const { data } = await apiPost<unknown>(path, fields);
  return moneyRecordSchema.parse(data);
}

/** A write to one case's repayments; once done, `invalidate` refetches what it changed (that case's list). */
export function useMoneyWrite<I, O>(
  clientId: number,
  mutationFn: (input: I) => Promise<O>,
  invalidate: (queryClient: QueryClient, clientId: number) => Promise<unknown> = invalidateMoneyList,
) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidate(queryClient, clientId) });
}
