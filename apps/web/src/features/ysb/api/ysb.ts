import {
  inviteQrSchema,
  partnerPageSchema,
  partnerRowSchema,
  referralDetailSchema,
  referralPageSchema,
  ysbTeamSchema,
} from '@crm/domain/api/outside';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { apiRead, byIdQueryOptions, readById } from '../../../lib/api-query.ts';
import { invalidateYsb, ysbKeys } from './keys.ts';
import { useCursorList } from '../../../lib/read-query.ts';

export type PartnerFilter = { status: number; scope: 'mine' | 'team' };

/** POST ysbUser: the partners I invited (or, scope 'team', my team's), a keyset page at a time. */
export const usePartners = (filter: PartnerFilter) =>
  useCursorList(ysbKeys.partners(filter), 'POST', '/api/crm/ysbUser', partnerPageSchema, filter);

export type AuditInput = { id: number; pass: boolean; reason: string };

/** POST ysbAudit: approve a pending partner, or decline with a reason. */
export function useAudit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, pass, reason }: AuditInput) => {
      const response = await apiPost<unknown>('/api/crm/ysbAudit', { id, pass: pass ? '1' : '0', reason });
      return { row: partnerRowSchema.parse(response.data), msg: response.msg };
    },
    onSuccess: () => invalidateYsb(queryClient),
  });
}

export type ReferralFilter = { status: number; partner_id?: number };

/** POST ysbClient: the referrals of my partners (or one partner's). */
export const useReferrals = (filter: ReferralFilter) =>
  useCursorList(ysbKeys.referrals(filter), 'POST', '/api/crm/ysbClient', referralPageSchema, filter);

/** POST ysbOutsideClient: one referral (can_convert says whether it may become a case now). */
export const useReferral = (id: number) =>
  useQuery(
    byIdQueryOptions(ysbKeys.referral(id), id, readById('POST', '/api/crm/ysbOutsideClient', referralDetailSchema)),
  );

/** POST ysbTeam: a leader's members with their partners and referral counts. */
export const useYsbTeam = () =>
  useQuery({
    queryKey: ysbKeys.team,
    queryFn: ({ signal }) => apiRead('POST', '/api/crm/ysbTeam', {}, ysbTeamSchema, signal),
  });

/** POST ysbQrcode: my invite as a link, a code and a QR code (PNG data URL). */
export const useInviteQr = (enabled: boolean) =>
  useQuery({
    queryKey: ysbKeys.inviteQr,
    queryFn: ({ signal }) => apiRead('POST', '/api/crm/ysbQrcode', {}, inviteQrSchema, signal),
    enabled,
  });
