import { consentRequest, consentStatus, consentUpload, consentWithdraw } from '@crm/domain/endpoints/consent';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { send, sendAnswer } from '../../../lib/send.ts';
import { casesKeys, invalidateCases } from './keys.ts';

/* A case's consent to the processing of personal financial information (decision 073), through its contracts. */

const consentKey = (caseId: number) => [...casesKeys.all, 'consent', caseId] as const;

/** POST /api/crm/consentStatus: whether consent is in hand, how it was given, a waiting link, a withdrawal. */
export const useConsentStatus = (caseId: number) =>
  useQuery({ queryKey: consentKey(caseId), queryFn: () => send(consentStatus, { case_id: caseId }) });

/** The three writes refetch the case (its moves and the tag) with the consent. */
function useConsentWrite<I, R>(write: (input: I) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSettled: () => invalidateCases(client) });
}

/** POST /api/crm/consentRequest: a new link for the client; the old one stops working. */
export const useConsentRequest = () =>
  useConsentWrite(async (caseId: number) => {
    const answer = await sendAnswer(consentRequest, { case_id: caseId });
    return { ...answer.data, msg: answer.msg };
  });

/** POST /api/crm/consentUpload (multipart): the photo of the signed paper form. */
export const useConsentUpload = () =>
  useConsentWrite(
    async (input: { caseId: number; file: Blob }) =>
      (await sendAnswer(consentUpload, { case_id: input.caseId, file: input.file })).msg,
  );

/** POST /api/crm/consentWithdraw: the client withdrew, with the reason. */
export const useConsentWithdraw = () =>
  useConsentWrite(
    async (input: { caseId: number; reason: string }) =>
      (await sendAnswer(consentWithdraw, { case_id: input.caseId, reason: input.reason })).msg,
  );
