import * as E from '@crm/domain/endpoints/house';
import { allot } from '@crm/domain/endpoints/houseloan';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list.ts';
import { send, sendAnswer } from '../../../lib/send.ts';
import { houseKeys, invalidateHouse } from './keys.ts';
import { pagedListConfig } from './paged.ts';

/** POST /api/crm/getHousePool: channel agents' referrals no steward has taken yet (decision 052). */
export const usePool = () => usePagedList(pagedListConfig(houseKeys.pool, E.getHousePool, {}));

/** POST /api/houseloan/allot: the steward takes one; first come first served (another steward's is refused). */
export function useTakeReferral() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await sendAnswer(allot, { id })).msg,
    onSettled: () => invalidateHouse(client),
  });
}

/** POST /api/crm/houseChannelStatus: stop a channel (its agents lose /houseloan) or open it again. */
export function useSetChannelEnabled() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; enabled: boolean }) =>
      (await sendAnswer(E.houseChannelStatus, { id: input.id, enabled: String(input.enabled) })).msg,
    onSuccess: () => invalidateHouse(client),
  });
}

/** GET /api/crm/houseChannelEntry: the agents' login link and its QR code, fetched when the sheet opens. */
export const useChannelEntry = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: houseKeys.channelEntry(id),
    queryFn: ({ signal }) => send(E.houseChannelEntry, { id }, { method: 'GET', signal }),
    enabled,
    staleTime: Infinity,
  });
