import { detail } from '@crm/domain/endpoints/cases';
import { useQuery } from '@tanstack/react-query';
import { byIdQueryOptions, endpointById } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { revealClient } from './reveal-client.ts';

/** GET detail?id=: the case, its timeline and what the caller may do with it. */
const getClientDetail = endpointById(detail);

export const clientDetailQueryOptions = (id: number) => byIdQueryOptions(casesKeys.detail(id), id, getClientDetail);

export const useClientDetail = (id: number) => useQuery(clientDetailQueryOptions(id));

/**
 * The case for its edit form: a non-owner who may edit (the team's leader) gets the masked numbers in full
 * through revealClient, each view logged (decision 058); saving masked values would overwrite the real ones.
 */
export async function getClientDetailForEdit(id: number, signal: AbortSignal) {
  const c = await getClientDetail(id, signal);
  if (!c.masked) return c;
  const [phone, idNumber, bankCard] = await Promise.all([
    revealClient({ id, field: 'phone' }),
    c.id_number ? revealClient({ id, field: 'id_number' }) : '',
    c.bank_card ? revealClient({ id, field: 'bank_card' }) : '',
  ]);
  return { ...c, phone, id_number: idNumber, bank_card: bankCard, masked: false };
}

export const useClientDetailForEdit = (id: number) =>
  useQuery({
    queryKey: [...casesKeys.detail(id), 'edit'],
    queryFn: ({ signal }) => getClientDetailForEdit(id, signal),
    enabled: id > 0,
  });
