import { proofRejectListSchema, type ProofRejectList } from '@crm/domain/api/money';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { moneyKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** GET /api/crm/proofReject: the open rejections of the caller's cases. */
export async function getProofRejections(cursor: number | undefined, signal?: AbortSignal): Promise<ProofRejectList> {
  const { data } = await apiGet<unknown>('/api/crm/proofReject', { cursor, limit: PAGE_SIZE }, signal);
  return proofRejectListSchema.parse(data);
}

export const proofRejectionsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: moneyKeys.rejections(),
    queryFn: ({ pageParam, signal }) => getProofRejections(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });

export function useProofRejections() {
  return useInfiniteQuery(proofRejectionsQueryOptions());
}
