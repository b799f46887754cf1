import { proofListResponseSchema, type ProofList } from '@crm/domain/api/money';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { moneyKeys } from './keys.ts';

/** GET /api/crm/getProof?id=<case>: the case's proofs with their history and rejections. */
export async function getProof(clientId: number, signal?: AbortSignal): Promise<ProofList> {
  const { data } = await apiGet<unknown>('/api/crm/getProof', { id: clientId }, signal);
  return proofListResponseSchema.parse(data);
}

export const proofQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: moneyKeys.proofs(clientId),
    queryFn: ({ signal }) => getProof(clientId, signal),
    enabled: clientId > 0,
  });

export function useProofs(clientId: number) {
  return useQuery(proofQueryOptions(clientId));
}
