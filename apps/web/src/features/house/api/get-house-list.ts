import { houseClientListSchema } from '@crm/domain/api/house';
import { pagedQueryOptions, usePaged } from './paged.ts';

export type HouseListFilter = { keyword?: string; status?: number | null; channel_id?: number | null; source?: 'official' };

/** POST /api/crm/getHouseList: the caller's home-loan clients (finance: the company's), searched and paged. */
export const houseListQueryOptions = (filter: HouseListFilter) =>
  pagedQueryOptions(['house', 'list'], '/api/crm/getHouseList', houseClientListSchema, { ...filter });

export const useHouseList = (filter: HouseListFilter) => usePaged(houseListQueryOptions(filter));
