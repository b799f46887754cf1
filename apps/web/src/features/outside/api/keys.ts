import * as E from '@crm/domain/endpoints/outside';
import type { QueryClient } from '@tanstack/react-query';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import type { SendInput } from '../../../lib/send.ts';

/** Query keys of the partner portal, each its endpoint's (endpointKey); writes invalidate through the helpers below. */
export const outsideKeys = {
  me: endpointKey(E.getOutsideUser),
  team: endpointKey(E.getOutsideUserTeam),
  inviteQr: endpointKey(E.ysbQrcode),
  channels: endpointKey(E.outsideChannelList),
  allChannels: endpointKey(E.outsideChannelList, { limit: 50 }),
  referrals: (filter: SendInput<typeof E.outsideClientList>) => endpointKey(E.outsideClientList, filter),
  referral: (id: number) => endpointKey(E.outsideClientDetail, { id }),
  // Public or reference data: not the partner's, so a logout does not forget them.
  invite: (code: string) => endpointKey(E.outsideInvite, { code }),
  products: endpointKey(E.outsideProduct),
  banks: endpointKey(E.outsideBank),
  branches: (bankId: number) => endpointKey(E.outsideBranchBank, { bank_id: bankId }),
};

/** The reads that show one partner's own records: what a logout or another login forgets. */
const PARTNER_READS: ReadonlySet<string> = new Set(
  [
    E.getOutsideUser,
    E.getOutsideUserTeam,
    E.ysbQrcode,
    E.outsideChannelList,
    E.outsideClientList,
    E.outsideClientDetail,
  ].map((endpoint) => endpoint.path),
);

const isPartnerRead = ({ queryKey }: { queryKey: readonly unknown[] }) =>
  typeof queryKey[0] === 'string' && PARTNER_READS.has(queryKey[0]);

/** A referral written: lists, details, the home counts and the to-dos are stale. */
export const invalidateReferrals = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(E.outsideClientList) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(E.outsideClientDetail) }),
    queryClient.invalidateQueries({ queryKey: outsideKeys.me }),
  ]);

/** A channel written: the channel list and the details naming a channel. */
export const invalidateChannels = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: outsideKeys.channels }),
    queryClient.invalidateQueries({ queryKey: endpointKey(E.outsideClientDetail) }),
  ]);

/**
 * Logged out or in as someone else: nothing of the last partner stays cached. `inactive` keeps what a page
 * still shows (removing it would refetch it at once).
 */
export const forgetPartner = (queryClient: QueryClient, type: 'all' | 'inactive' = 'all') =>
  queryClient.removeQueries({ predicate: isPartnerRead, type });
