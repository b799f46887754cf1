import { proofRejectListSchema, type ProofRejectList } from '@crm/domain/api/money';
import { apiGet } from '../../../lib/api-client.ts';
import { moneyKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

const PAGE_SIZE = 20;

/** GET /api/crm/proofReject: the open rejections of the caller's cases. */
export async function getProofRejections(cursor: number | null, signal?: AbortSignal): Promise<ProofRejectList> {
  const { data } = await apiGet<unknown>(
    '/api/crm/proofReject',
    { cursor: cursor ?? undefined, limit: PAGE_SIZE },
    signal,
  );
  return proofRejectListSchema.parse(data);
}

export const proofRejectionsListConfig = () => ({
  queryKey: moneyKeys.rejections(),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getProofRejections(cursor, signal),
});

export function useProofRejections() {
  return usePagedList(proofRejectionsListConfig());
}
