import type { ProofList } from '@crm/domain/api/money';
import { getProof as getProofEndpoint } from '@crm/domain/endpoints/money';
import { useQuery } from '@tanstack/react-query';
import { byIdQueryOptions } from '../../../lib/api-query.ts';
import { send } from '../../../lib/send.ts';
import { moneyKeys } from './keys.ts';

/** GET /api/crm/getProof?id=<case>: the case's proofs with their history and rejections. */
export const getProof = (clientId: number, signal?: AbortSignal): Promise<ProofList> =>
  send(getProofEndpoint, { id: clientId }, { method: 'GET', signal });

export const proofQueryOptions = (clientId: number) => byIdQueryOptions(moneyKeys.proofs(clientId), clientId, getProof);

export function useProofs(clientId: number) {
  return useQuery(proofQueryOptions(clientId));
}
