import { inviteQrSchema, outsideBankSchema, outsideProductSchema, partnerPageSchema } from '@crm/domain/api/outside';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { outsideKeys } from './keys.ts';

/** GET getOutsideUserTeam: my direct sub-partners, a keyset page at a time. */
export const useTeam = () =>
  usePagedList({
    queryKey: outsideKeys.team,
    fetchPage: async (cursor: number | null, signal: AbortSignal) =>
      partnerPageSchema.parse(
        (await apiGet<unknown>('/api/crm/getOutsideUserTeam', { cursor: cursor ?? '', limit: 20 }, signal)).data,
      ),
  });

/** POST ysbQrcode: my invite code, link and its QR code (a PNG data URL). */
export const useInviteQr = () =>
  useQuery({
    queryKey: outsideKeys.inviteQr,
    queryFn: async ({ signal }) =>
      inviteQrSchema.parse((await apiPost<unknown>('/api/crm/ysbQrcode', {}, signal)).data),
  });

const STALE_MS = 10 * 60_000;

/** GET outsideProduct: what a partner may refer clients for. */
export const useProducts = () =>
  useQuery({
    queryKey: outsideKeys.products,
    queryFn: async ({ signal }) =>
      z.array(outsideProductSchema).parse((await apiGet<unknown>('/api/crm/outsideProduct', undefined, signal)).data),
    staleTime: STALE_MS,
  });

/** GET outsideBank: the banks (their ids, for a product's bank branches). */
export const useBanks = () =>
  useQuery({
    queryKey: ['outside-reference', 'banks'],
    queryFn: async ({ signal }) =>
      z.array(outsideBankSchema).parse((await apiGet<unknown>('/api/crm/outsideBank', undefined, signal)).data),
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
