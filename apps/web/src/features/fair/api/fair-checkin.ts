import { fairCheckinSchema } from '@crm/domain/api/fair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateFair } from './keys.ts';

/** POST /api/crm/fairCheckin: check in at a fair today (a second tap answers 今日已签到 and changes nothing). */
export async function fairCheckin(fairId: number) {
  const response = await apiPost<unknown>('/api/crm/fairCheckin', { fair_id: fairId });
  return { checkin: fairCheckinSchema.parse(response.data), msg: response.msg };
}

export function useFairCheckin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fairCheckin, onSuccess: () => invalidateFair(queryClient) });
}
