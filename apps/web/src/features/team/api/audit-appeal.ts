import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateAfterAudit } from './keys.ts';

export type AuditAppealInput = { id: number; result: 'approved' | 'refused'; reason: string };

/** POST /api/crm/auditAppeal: approve (the case re-enters the flow) or refuse with a reason. */
export const auditAppeal = async (input: AuditAppealInput) => (await apiPost<null>('/api/crm/auditAppeal', input)).msg;

export function useAuditAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditAppeal,
    onSuccess: () => invalidateAfterAudit(queryClient),
  });
}
