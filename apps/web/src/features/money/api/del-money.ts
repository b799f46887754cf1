import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateMoneyList } from './keys.ts';

/** POST /api/crm/delMoney: only a record not yet confirmed. */
export async function delMoney(id: number): Promise<void> {
  await apiPost<unknown>('/api/crm/delMoney', { id });
}

export function useDelMoney(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: delMoney,
    onSuccess: () => invalidateMoneyList(queryClient, clientId),
  });
}
