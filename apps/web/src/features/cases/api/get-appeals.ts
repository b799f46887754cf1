import { appeal } from '@crm/domain/endpoints/cases';
import { endpointPages } from '../../../lib/api-query.ts';
import { casesKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

/** GET appeal: the caller's appeals and their decisions. */
export const appealsListConfig = () => ({
  queryKey: casesKeys.appeals,
  fetchPage: endpointPages(appeal, { limit: 20 }, 'GET'),
});

export const useAppeals = () => usePagedList(appealsListConfig());
