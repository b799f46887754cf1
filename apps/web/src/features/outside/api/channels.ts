import * as E from '@crm/domain/endpoints/outside';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer, type SendInput } from '../../../lib/send.ts';
import { invalidateChannels, outsideKeys } from './keys.ts';

/** GET outsideChannelList: my channels, a keyset page at a time. */
export const useChannels = () => useEndpointList(outsideKeys.channels, E.outsideChannelList, {}, 'GET');

/** POST outsideChannelAdd: a new channel (no id) or a renamed one. */
export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: SendInput<typeof E.outsideChannelAdd>) => {
      const response = await sendAnswer(E.outsideChannelAdd, fields);
      return { id: response.data.id, msg: response.msg };
    },
    onSuccess: () => invalidateChannels(queryClient),
  });
}

/** GET outsideDelChannel (a GET, as the spec has it): asked to confirm before. */
export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => send(E.outsideDelChannel, { id }, { method: 'GET' }),
    onSuccess: () => invalidateChannels(queryClient),
  });
}
