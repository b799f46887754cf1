import * as E from '@crm/domain/endpoints/outside';
import { useQuery } from '@tanstack/react-query';
import { readQuery, useEndpointList } from '../../../lib/read-query.ts';
import { send } from '../../../lib/send.ts';
import { outsideKeys } from './keys.ts';

/** GET getOutsideUserTeam: my direct sub-partners, a keyset page at a time. */
export const useTeam = () => useEndpointList(outsideKeys.team, E.getOutsideUserTeam, {}, 'GET');

/** POST ysbQrcode: my invite code, link and its QR code (a PNG data URL). */
export const useInviteQr = readQuery(outsideKeys.inviteQr, E.ysbQrcode);

const STALE_MS = 10 * 60_000;

/** GET outsideProduct: what a partner may refer clients for. */
export const useProducts = readQuery(outsideKeys.products, E.outsideProduct, { method: 'GET', staleTime: STALE_MS });

/** GET outsideBank: the banks (their ids, for a product's bank branches). */
export const useBanks = readQuery(outsideKeys.banks, E.outsideBank, { method: 'GET', staleTime: STALE_MS });

/** GET outsideBranchBank: one bank's branches. */
export const useBranches = (bankId: number | null) =>
  useQuery({
    queryKey: outsideKeys.branches(bankId ?? 0),
    queryFn: ({ signal }) => send(E.outsideBranchBank, { bank_id: bankId ?? 0 }, { method: 'GET', signal }),
    enabled: bankId !== null,
    staleTime: STALE_MS,
  });
