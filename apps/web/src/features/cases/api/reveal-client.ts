import type { PersonalField } from '@crm/domain/api/cases';
import { revealClientResponseSchema } from '@crm/domain/api/cases';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/crm/revealClient: one of a client's numbers in full; the server logs the view (decision 058). */
export async function revealClient(request: { id: number; field: PersonalField }) {
  const { data } = await apiPost<unknown>('/api/crm/revealClient', { id: String(request.id), field: request.field });
  return revealClientResponseSchema.parse(data).value;
}

export const useRevealClient = () => useMutation({ mutationFn: revealClient });
