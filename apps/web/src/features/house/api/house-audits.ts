import { houseAuditListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { pagedQueryOptions, usePaged } from './paged.ts';

export type AuditStatus = 'pending' | 'approved' | 'rejected';

/** POST /api/crm/getHouseAudit: over-limit brokerage waiting for (or decided by) finance. */
export const houseAuditQueryOptions = (status: AuditStatus) =>
  pagedQueryOptions(['house', 'audits'], '/api/crm/getHouseAudit', houseAuditListSchema, { status });

export const useHouseAudits = (status: AuditStatus) => usePaged(houseAuditQueryOptions(status));

/** POST /api/crm/updateHouseAudit: approve, or reject with a reason. */
export async function updateHouseAudit(input: { id: number; decision: 'approve' | 'reject'; reason: string }): Promise<string> {
  const { msg } = await apiPost<unknown>('/api/crm/updateHouseAudit', input);
  return msg;
}

export function useUpdateHouseAudit() {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateHouseAudit, onSuccess: () => client.invalidateQueries({ queryKey: ['house'] }) });
}
