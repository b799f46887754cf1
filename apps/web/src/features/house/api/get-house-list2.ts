import { houseClientListSchema } from '@crm/domain/api/house';
import { pagedQueryOptions, usePaged } from './paged.ts';

/** POST /api/crm/getHouseList2: the steward's clients, waiting or handled. */
export const stewardListQueryOptions = (stewardStatus: 'waiting' | 'handled') =>
  pagedQueryOptions(['house', 'steward'], '/api/crm/getHouseList2', houseClientListSchema, { steward_status: stewardStatus });

export const useStewardList = (stewardStatus: 'waiting' | 'handled') => usePaged(stewardListQueryOptions(stewardStatus));
