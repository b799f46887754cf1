import {
  outsideChannelPageSchema,
  referralDetailSchema,
  referralPageSchema,
  savedReferralSchema,
} from '@crm/domain/api/outside';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCreate, apiGet, apiPost } from '../../../lib/api-client.ts';
import { apiRead, byIdQueryOptions, readById } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { invalidateReferrals, outsideKeys } from './keys.ts';

export type ReferralFilter = { status: number; scope: 'mine' | 'team'; expiring?: boolean };

/** GET outsideClientList: one keyset page of my (or my sub-partners') referrals. */
export async function getReferrals(filter: ReferralFilter, cursor: number | null, signal?: AbortSignal) {
  const query = {
    status: filter.status,
    scope: filter.scope,
    ...(filter.expiring ? { expiring: '1' } : {}),
    cursor: cursor ?? '',
    limit: 20,
  };
  return referralPageSchema.parse((await apiGet<unknown>('/api/crm/outsideClientList', query, signal)).data);
}

export const useReferrals = (filter: ReferralFilter) =>
  usePagedList({
    queryKey: outsideKeys.referrals(filter),
    fetchPage: (cursor: number | null, signal: AbortSignal) => getReferrals(filter, cursor, signal),
  });

/** GET outsideClientDetail: one referral. */
export const useReferral = (id: number) =>
  useQuery(
    byIdQueryOptions(
      outsideKeys.referral(id),
      id,
      readById('GET', '/api/crm/outsideClientDetail', referralDetailSchema),
    ),
  );

export type SaveReferralInput = { fields: Record<string, string>; id: number | null; key: string };

/**
 * POST updateOutsideClient: a new referral (with its form fill's idempotency key) or a correction of one still
 * protected (with its id). Answers the id and the end of the protection.
 */
export function useSaveReferral() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fields, id, key }: SaveReferralInput) => {
      const response = id
        ? await apiPost<unknown>('/api/crm/updateOutsideClient', { ...fields, id })
        : await apiCreate<unknown>('/api/crm/updateOutsideClient', fields, key);
      return savedReferralSchema.parse(response.data);
    },
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

/** POST outsideAddChannel: files a referral under one of my channels (0 takes it out). */
export function useSetChannel(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (channelId: number) =>
      apiPost<unknown>('/api/crm/outsideAddChannel', { client_id: clientId, channel_id: channelId }),
    onSuccess: () => invalidateReferrals(queryClient),
  });
}

/** The first page of my channels, for the detail's picker (a partner has a handful). */
export const useChannelOptions = (enabled: boolean) =>
  useQuery({
    queryKey: outsideKeys.allChannels,
    queryFn: async ({ signal }) =>
      (await apiRead('GET', '/api/crm/outsideChannelList', { cursor: '', limit: 50 }, outsideChannelPageSchema, signal))
        .list,
    enabled,
  });
