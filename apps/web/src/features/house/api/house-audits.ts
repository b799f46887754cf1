import { houseAuditListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouse } from './keys.ts';

export type AuditStatus = 'pending' | 'approved' | 'rejected';

/** POST /api/crm/getHouseAudit: over-limit brokerage waiting for (or decided by) finance. */
export const houseAuditListConfig = (status: AuditStatus) =>
  pagedListConfig(houseKeys.audits, '/api/crm/getHouseAudit', houseAuditListSchema, { status });

export const useHouseAudits = (status: AuditStatus) => usePagedList(houseAuditListConfig(status));

/** POST /api/crm/updateHouseAudit: approve, or reject with a reason. */
export async function updateHouseAudit(input: {
  id: number;
  decision: 'approve' | 'reject';
  reason: string;
}): Promise<string> {
  const { msg } = await apiPost<unknown>('/api/crm/updateHouseAudit', input);
  return msg;
}

export function useUpdateHouseAudit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateHouseAudit, onSuccess: () => invalidateHouse(client) });
}
