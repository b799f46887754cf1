import { proofSchema, type Proof } from '@crm/domain/api/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { invalidateMoneyAndBadges } from './keys.ts';

/** POST /api/crm/proof: a new proof of a case from uploaded images. */
export async function addProof(input: { id: number; type: number; imgs: number[] }): Promise<Proof> {
  const { data } = await apiPost<unknown>('/api/crm/proof', { ...input, imgs: input.imgs.join(',') });
  return proofSchema.parse(data);
}

/** POST /api/crm/updateProof: re-upload after a rejection; the old images stay in the history. */
export async function updateProof(input: { id: number; imgs: number[] }): Promise<Proof> {
  const { data } = await apiPost<unknown>('/api/crm/updateProof', { ...input, imgs: input.imgs.join(',') });
  return proofSchema.parse(data);
}

/** POST /api/crm/delProof. */
export async function delProof(id: number): Promise<void> {
  await apiPost<unknown>('/api/crm/delProof', { id });
}

/** POST /api/crm/proofReject: a team leader or customer service rejects with a reason. */
export async function rejectProof(input: { id: number; reason: string }): Promise<Proof> {
  const { data } = await apiPost<unknown>('/api/crm/proofReject', input);
  return proofSchema.parse(data);
}

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
