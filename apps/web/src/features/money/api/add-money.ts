import { moneyRecordSchema, type MoneyRecord } from '@crm/domain/api/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateMoneyList } from './keys.ts';

export type AddMoneyInput = {
  id: number;
  amount: string;
  paid_on: string;
  method: number;
  card_no: string;
  note: string;
  imgs: number[];
  /** Made when the form opens: a retried submit records once. */
  key: string;
};

/** POST /api/crm/addMoney. */
export async function addMoney(input: AddMoneyInput): Promise<MoneyRecord> {
  const { data } = await apiPost<unknown>('/api/crm/addMoney', { ...input, imgs: input.imgs.join(',') });
  return moneyRecordSchema.parse(data);
}

export function useAddMoney(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMoney,
    onSuccess: () => invalidateMoneyList(queryClient, clientId),
  });
}
