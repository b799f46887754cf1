import { revealResponseSchema } from '@crm/domain/api/house';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/crm/revealBrokerageCard: a waiting order's full payee card, to finance as it pays (logged). */
export async function revealBrokerageCard(orderId: number): Promise<string> {
  const { data } = await apiPost<unknown>('/api/crm/revealBrokerageCard', { id: String(orderId) });
  return revealResponseSchema.parse(data).value;
}

export const useRevealBrokerageCard = () => useMutation({ mutationFn: revealBrokerageCard });
