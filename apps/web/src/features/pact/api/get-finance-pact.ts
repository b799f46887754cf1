import { financePactSchema } from '@crm/domain/api/pact';
import { useQuery } from '@tanstack/react-query';
import { apiRead, byIdQueryOptions } from '../../../lib/api-query.ts';
import { pactKeys } from './keys.ts';

/** GET /api/crm/financePact?id=: a case's financing agreement (a draft, or frozen since its approval). */
export const getFinancePact = (id: number, signal?: AbortSignal) =>
  apiRead('GET', '/api/crm/financePact', { id }, financePactSchema, signal);

export const financePactQueryOptions = (id: number) => byIdQueryOptions(pactKeys.one(id), id, getFinancePact);

export const useFinancePact = (id: number) => useQuery(financePactQueryOptions(id));
