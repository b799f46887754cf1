import { outsideChannelPageSchema, type OutsideChannelAddRequest } from '@crm/domain/api/outside';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, type FormFields } from '../../../lib/api-client.ts';
import { invalidateChannels, outsideKeys } from './keys.ts';
import { useCursorList } from '../../../lib/read-query.ts';

/** GET outsideChannelList: my channels, a keyset page at a time. */
export const useChannels = () =>
  useCursorList([...outsideKeys.channels, 'list'], 'GET', '/api/crm/outsideChannelList', outsideChannelPageSchema);

/** POST outsideChannelAdd: a new channel (no id) or a renamed one. */
export function useSaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fields: OutsideChannelAddRequest) => {
      const response = await apiPost<unknown>('/api/crm/outsideChannelAdd', fields as FormFields);
      return { id: z.object({ id: z.number() }).parse(response.data).id, msg: response.msg };
    },
    onSuccess: () => invalidateChannels(queryClient),
  });
}

/** GET outsideDelChannel (a GET, as the spec has it): asked to confirm before. */
export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiGet<unknown>('/api/crm/outsideDelChannel', { id }),
    onSuccess: () => invalidateChannels(queryClient),
  });
}
