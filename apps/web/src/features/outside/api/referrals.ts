import * as E from '@crm/domain/endpoints/outside';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { byIdQueryOptions, endpointById, endpointPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { send, type SendInput } from '../../../lib/send.ts';
import { invalidateReferrals, outsideKeys } from './keys.ts';

export type ReferralFilter = { status: number; scope: 'mine' | 'team'; expiring?: boolean };

/** GET outsideClientList: keyset pages of my (or my sub-partners') referrals. */
export function useReferrals(filter: ReferralFilter) {
  const input = { status: filter.status, scope: filter.scope, ...(filter.expiring ? { expiring: '1' } : {}) };
  return usePagedList({
    queryKey: outsideKeys.referrals(input),
    fetchPage: endpointPages(E.outsideClientList, { ...input, limit: 20 }, 'GET'),
  });
}

/** GET outsideClientDetail: one referral. */
export const useReferral = (id: number) =>
  useQuery(byIdQueryOptions(outsideKeys.referral(id), id, endpointById(E.outsideClientDetail)));

export type SaveReferralInput = {
  fields: SendInput<typeof E.updateOutsideClient>;
  id: number | null;
  key: string;
};

/**
 * POST updateOutsideClient: a new referral (with its form fill's idempotency key) or a correction of one still
 * protected (with its id). Answers the id and the end of the protection.
 */
export function useSaveReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, id, key }: SaveReferralInput) =>
      id
        ? send(E.updateOutsideClient, { ...fields, id })
        : send(E.updateOutsideClient, fields, { idempotencyKey: key }),
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

/** POST outsideAddChannel: files a referral under one of my channels (0 takes it out). */
export function useSetChannel(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) => send(E.outsideAddChannel, { client_id: clientId, channel_id: channelId }),
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

/** The first page of my channels, for the detail's picker (a partner has a handful). */
export const useChannelOptions = (enabled: boolean) =>
  useQuery({
    queryKey: outsideKeys.allChannels,
    queryFn: async ({ signal }) =>
      (await send(E.outsideChannelList, { cursor: '', limit: 50 }, { method: 'GET', signal })).list,
    enabled,
  });
