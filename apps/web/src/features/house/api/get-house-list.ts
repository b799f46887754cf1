import { getHouseList } from '@crm/domain/endpoints/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

export type HouseListFilter = {
  keyword?: string;
  status?: number | null;
  channel_id?: number | null;
  source?: 'official';
};

/** POST /api/crm/getHouseList: the caller's home-loan clients (finance: the company's), searched and paged. */
export const houseListConfig = (filter: HouseListFilter) =>
  pagedListConfig(houseKeys.list, getHouseList, { ...filter });

export const useHouseList = (filter: HouseListFilter) => usePagedList(houseListConfig(filter));
