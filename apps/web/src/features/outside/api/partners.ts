import { inviteQrSchema, outsideBankSchema, outsideProductSchema, partnerPageSchema } from '@crm/domain/api/outside';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client.ts';
import { apiRead } from '../../../lib/api-query.ts';
import { outsideKeys } from './keys.ts';
import { useCursorList } from '../../../lib/read-query.ts';

/** GET getOutsideUserTeam: my direct sub-partners, a keyset page at a time. */
export const useTeam = () => useCursorList(outsideKeys.team, 'GET', '/api/crm/getOutsideUserTeam', partnerPageSchema);

/** POST ysbQrcode: my invite code, link and its QR code (a PNG data URL). */
export const useInviteQr = () =>
  useQuery({
    queryKey: outsideKeys.inviteQr,
    queryFn: ({ signal }) => apiRead('POST', '/api/crm/ysbQrcode', {}, inviteQrSchema, signal),
  });

const STALE_MS = 10 * 60_000;

/** GET outsideProduct: what a partner may refer clients for. */
export const useProducts = () =>
  useQuery({
    queryKey: outsideKeys.products,
    queryFn: ({ signal }) => apiRead('GET', '/api/crm/outsideProduct', {}, z.array(outsideProductSchema), signal),
    staleTime: STALE_MS,
  });

/** GET outsideBank: the banks (their ids, for a product's bank branches). */
export const useBanks = () =>
  useQuery({
    queryKey: ['outside-reference', 'banks'],
    queryFn: ({ signal }) => apiRead('GET', '/api/crm/outsideBank', {}, z.array(outsideBankSchema), signal),
    staleTime: STALE_MS,
  });

/** GET outsideBranchBank: one bank's branches. */
export const useBranches = (bankId: number | null) =>
  useQuery({
    queryKey: outsideKeys.branches(bankId ?? 0),
    queryFn: async ({ signal }) =>
      z
        .array(outsideBankSchema)
        .parse((await apiGet<unknown>('/api/crm/outsideBranchBank', { bank_id: bankId ?? 0 }, signal)).data),
    enabled: bankId !== null,
    staleTime: STALE_MS,
  });
