import * as E from '@crm/domain/endpoints/cases';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendAnswer, type SendInput } from '../../../lib/send.ts';
import { invalidateAfterAudit } from './keys.ts';

/** Approve (the case re-enters the flow) or refuse with a reason; answers the server's message. */
export const auditAppeal = async (input: SendInput<typeof E.auditAppeal>) =>
  (await sendAnswer(E.auditAppeal, input)).msg;

export function useAuditAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditAppeal,
    onSuccess: () => invalidateAfterAudit(queryClient),
  });
}
