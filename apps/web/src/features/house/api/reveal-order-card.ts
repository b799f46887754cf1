import type { HouseContactKind } from '@crm/domain/api/house';
import { revealBrokerageCard as revealCardEndpoint, revealHouseContact } from '@crm/domain/endpoints/house';
import { useMutation } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';

/** A waiting order's full payee card, to finance as it pays (logged, decision 065). */
export async function revealBrokerageCard(orderId: number): Promise<string> {
  return (await send(revealCardEndpoint, { id: orderId })).value;
}

export const useRevealBrokerageCard = () => useMutation({ mutationFn: revealBrokerageCard });

/** A house client's phone or ID number, a recommendation's or a channel contact's phone in full (logged, 065). */
export async function revealHouseNumber(
  kind: HouseContactKind,
  id: number,
  field: 'phone' | 'id_number' = 'phone',
): Promise<string> {
  return (await send(revealHouseContact, { kind, id, field })).value;
}
