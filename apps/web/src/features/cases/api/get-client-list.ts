import { clientList } from '@crm/domain/endpoints/cases';
import { endpointPages } from '../../../lib/api-query.ts';
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

/** POST clientList: keyset pages of the caller's cases. */
export const clientListConfig = (filter: ClientListFilter) => ({
  queryKey: casesKeys.list(filter),
  fetchPage: endpointPages(clientList, { ...filter, limit: 20 }),
});

export const useClientList = (filter: ClientListFilter) => usePagedList(clientListConfig(filter));
