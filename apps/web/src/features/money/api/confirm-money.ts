import { moneyRecordSchema, type MoneyRecord } from '@crm/domain/api/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateAfterConfirm } from './keys.ts';

/** POST /api/crm/moneyConfirm: the team leader confirms; the record is frozen after. */
export async function confirmMoney(id: number): Promise<MoneyRecord> {
  const { data } = await apiPost<unknown>('/api/crm/moneyConfirm', { id });
  return moneyRecordSchema.parse(data);
}

export function useConfirmMoney(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmMoney,
    onSuccess: () => invalidateAfterConfirm(queryClient, clientId),
  });
}
