import type { Proof } from '@crm/domain/api/money';
import * as E from '@crm/domain/endpoints/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';
import { invalidateMoneyAndBadges } from './keys.ts';

/** POST /api/crm/proof: a new proof of a case from uploaded images. */
export const addProof = (input: { id: number; type: number; imgs: number[] }): Promise<Proof> =>
  send(E.proof, { ...input, imgs: input.imgs.join(',') });

/** POST /api/crm/updateProof: re-upload after a rejection; the old images stay in the history. */
export const updateProof = (input: { id: number; imgs: number[] }): Promise<Proof> =>
  send(E.updateProof, { ...input, imgs: input.imgs.join(',') });

/** POST /api/crm/delProof. */
export async function delProof(id: number): Promise<void> {
  await send(E.delProof, { id });
}

/** POST /api/crm/proofReject: a team leader or customer service rejects with a reason. */
export const rejectProof = (input: { id: number; reason: string }): Promise<Proof> => send(E.rejectProof, input);

/** Every proof change can move a case's list, the rejection list and the home badge. */
function useProofMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await invalidateMoneyAndBadges(queryClient);
    },
  });
}

export const useAddProof = () => useProofMutation(addProof);
export const useUpdateProof = () => useProofMutation(updateProof);
export const useDelProof = () => useProofMutation(delProof);
export const useRejectProof = () => useProofMutation(rejectProof);
