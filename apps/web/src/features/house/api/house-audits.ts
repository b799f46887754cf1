import { getHouseAudit, updateHouseAudit as updateHouseAuditEndpoint } from '@crm/domain/endpoints/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '../../../lib/paged-list.ts';
import { sendAnswer } from '../../../lib/send.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouse } from './keys.ts';

export type AuditStatus = 'pending' | 'approved' | 'rejected';

/** POST /api/crm/getHouseAudit: over-limit brokerage waiting for (or decided by) finance. */
export const houseAuditListConfig = (status: AuditStatus) =>
  pagedListConfig(houseKeys.audits, getHouseAudit, { status });

export const useHouseAudits = (status: AuditStatus) => usePagedList(houseAuditListConfig(status));

/** POST /api/crm/updateHouseAudit: approve, or reject with a reason. */
export async function updateHouseAudit(input: {
  id: number;
  decision: 'approve' | 'reject';
  reason: string;
}): Promise<string> {
  const { msg } = await sendAnswer(updateHouseAuditEndpoint, input);
  return msg;
}

export function useUpdateHouseAudit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateHouseAudit, onSuccess: () => invalidateHouse(client) });
}
