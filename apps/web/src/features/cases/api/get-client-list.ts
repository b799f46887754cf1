import { clientListResponseSchema } from '@crm/domain/api/cases';
import { apiRead } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

export type ClientListFilter = {
  status: number;
  keyword: string;
  scope?: 'mine' | 'team';
  /** With the team scope: one member's cases. */
  owner_id?: number;
  /** A dashboard bar's cases (decision 058): intake month, a stage reached, a bank, product or channel. */
  month?: string;
  reached?: string;
  bank_id?: string;
  product_id?: string;
  channel_id?: string;
};

/** POST /api/crm/clientList: one keyset page of the caller's cases. */
export const getClientList = (filter: ClientListFilter, cursor: number | null, signal?: AbortSignal) =>
  apiRead(
    'POST',
    '/api/crm/clientList',
    { ...filter, cursor: cursor ?? '', limit: 20 },
    clientListResponseSchema,
    signal,
  );

export const clientListConfig = (filter: ClientListFilter) => ({
  queryKey: casesKeys.list(filter),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getClientList(filter, cursor, signal),
});

export const useClientList = (filter: ClientListFilter) => usePagedList(clientListConfig(filter));
