import { proofListResponseSchema, type ProofList } from '@crm/domain/api/money';
import { useQuery } from '@tanstack/react-query';
import { apiRead, byIdQueryOptions } from '../../../lib/api-query.ts';
import { moneyKeys } from './keys.ts';

/** GET /api/crm/getProof?id=<case>: the case's proofs with their history and rejections. */
export const getProof = (clientId: number, signal?: AbortSignal): Promise<ProofList> =>
  apiRead('GET', '/api/crm/getProof', { id: clientId }, proofListResponseSchema, signal);

export const proofQueryOptions = (clientId: number) => byIdQueryOptions(moneyKeys.proofs(clientId), clientId, getProof);

export function useProofs(clientId: number) {
  return useQuery(proofQueryOptions(clientId));
}
