import type { PersonalField } from '@crm/domain/api/cases';
import { revealClient as revealClientEndpoint } from '@crm/domain/endpoints/cases';
import { useMutation } from '@tanstack/react-query';
import { send } from '../../../lib/send.ts';

/** POST revealClient: one of a client's numbers in full; the server logs the view (decision 058). */
export const revealClient = async (request: { id: number; field: PersonalField }) =>
  (await send(revealClientEndpoint, request)).value;

export const useRevealClient = () => useMutation({ mutationFn: revealClient });
