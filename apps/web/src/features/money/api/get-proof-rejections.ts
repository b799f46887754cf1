import { proofRejectListSchema } from '@crm/domain/api/money';
import { cursorPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { moneyKeys } from './keys.ts';

/** GET /api/crm/proofReject: the open rejections of the caller's cases. */
export const useProofRejections = () =>
  usePagedList({
    queryKey: moneyKeys.rejections(),
    fetchPage: cursorPages('GET', '/api/crm/proofReject', { limit: 20 }, proofRejectListSchema),
  });
