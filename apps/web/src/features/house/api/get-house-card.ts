import { houseClientListSchema } from '@crm/domain/api/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** POST /api/crm/getHouseCard: the steward's card-instalment clients. */
export const houseCardListConfig = () =>
  pagedListConfig(houseKeys.card, '/api/crm/getHouseCard', houseClientListSchema, {});

export const useHouseCard = () => usePagedList(houseCardListConfig());
