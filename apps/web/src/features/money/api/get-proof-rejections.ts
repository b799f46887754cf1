import { proofRejectListSchema, type ProofRejectList } from '@crm/domain/api/money';
import { apiRead } from '../../../lib/api-query.ts';
import { moneyKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

const PAGE_SIZE = 20;

/** GET /api/crm/proofReject: the open rejections of the caller's cases. */
export const getProofRejections = (cursor: number | null, signal?: AbortSignal): Promise<ProofRejectList> =>
  apiRead(
    'GET',
    '/api/crm/proofReject',
    { cursor: cursor ?? undefined, limit: PAGE_SIZE },
    proofRejectListSchema,
    signal,
  );

export const proofRejectionsListConfig = () => ({
  queryKey: moneyKeys.rejections(),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getProofRejections(cursor, signal),
});

export function useProofRejections() {
  return usePagedList(proofRejectionsListConfig());
}
