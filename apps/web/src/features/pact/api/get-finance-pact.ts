import { financePact } from '@crm/domain/endpoints/pact';
import { useQuery } from '@tanstack/react-query';
import { byIdQueryOptions } from '../../../lib/api-query.ts';
import { send } from '../../../lib/send.ts';
import { pactKeys } from './keys.ts';

/** GET /api/crm/financePact?id=: a case's financing agreement (a draft, or frozen since its approval). */
export const getFinancePact = (id: number, signal?: AbortSignal) =>
  send(financePact, { id }, { method: 'GET', signal });

export const financePactQueryOptions = (id: number) => byIdQueryOptions(pactKeys.one(id), id, getFinancePact);

export const useFinancePact = (id: number) => useQuery(financePactQueryOptions(id));
