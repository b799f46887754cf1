import { fairCheckin as fairCheckinEndpoint } from '@crm/domain/endpoints/fair';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer } from '../../../lib/send.ts';
import { invalidateFair } from './keys.ts';

/** POST /api/crm/fairCheckin: check in at a fair today (a second tap answers 今日已签到 and changes nothing). */
export async function fairCheckin(fairId: number) {
  const response = await sendAnswer(fairCheckinEndpoint, { fair_id: fairId });
  return { checkin: response.data, msg: response.msg };
}

export function useFairCheckin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fairCheckin, onSuccess: () => invalidateFair(queryClient) });
}
