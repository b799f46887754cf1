import * as E from '@crm/domain/endpoints/outside';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { byIdQueryOptions, endpointById } from '../../../lib/api-query.ts';
import { useEndpointList } from '../../../lib/read-query.ts';
import { send, sendAnswer } from '../../../lib/send.ts';
import { invalidateYsb, ysbKeys } from './keys.ts';

export type PartnerFilter = { status: number; scope: 'mine' | 'team' };

/** POST ysbUser: the partners I invited (or, scope 'team', my team's), a keyset page at a time. */
export const usePartners = (filter: PartnerFilter) => useEndpointList(ysbKeys.partners(filter), E.ysbUser, filter);

export type AuditInput = { id: number; pass: boolean; reason: string };

/** POST ysbAudit: approve a pending partner, or decline with a reason. */
export function useAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, pass, reason }: AuditInput) => {
      const response = await sendAnswer(E.ysbAudit, { id, pass: pass ? '1' : '0', reason });
      return { row: response.data, msg: response.msg };
    },
    onSuccess: () => invalidateYsb(queryClient),
  });
}

export type ReferralFilter = { status: number; partner_id?: number };

/** POST ysbClient: the referrals of my partners (or one partner's). */
export const useReferrals = (filter: ReferralFilter) => useEndpointList(ysbKeys.referrals(filter), E.ysbClient, filter);

/** POST ysbOutsideClient: one referral (can_convert says whether it may become a case now). */
export const useReferral = (id: number) =>
  useQuery(byIdQueryOptions(ysbKeys.referral(id), id, endpointById(E.ysbOutsideClient, 'POST')));

/** POST ysbTeam: a leader's members with their partners and referral counts. */
export const useYsbTeam = () =>
  useQuery({
    queryKey: ysbKeys.team,
    queryFn: ({ signal }) => send(E.ysbTeam, {}, { signal }),
  });

/** POST ysbQrcode: my invite as a link, a code and a QR code (PNG data URL). */
export const useInviteQr = (enabled: boolean) =>
  useQuery({
    queryKey: ysbKeys.inviteQr,
    queryFn: ({ signal }) => send(E.ysbQrcode, {}, { signal }),
    enabled,
  });
