import { getHouseList2 } from '@crm/domain/endpoints/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** POST /api/crm/getHouseList2: the steward's clients, waiting or handled. */
export const stewardListConfig = (stewardStatus: 'waiting' | 'handled') =>
  pagedListConfig(houseKeys.steward, getHouseList2, {
    steward_status: stewardStatus,
  });

export const useStewardList = (stewardStatus: 'waiting' | 'handled') => usePagedList(stewardListConfig(stewardStatus));
