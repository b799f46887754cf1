import { proofReject } from '@crm/domain/endpoints/money';
import { useEndpointList } from '../../../lib/read-query.ts';
import { moneyKeys } from './keys.ts';

/** GET /api/crm/proofReject: the open rejections of the caller's cases. */
export const useProofRejections = () => useEndpointList(moneyKeys.rejections(), proofReject, {}, 'GET');
