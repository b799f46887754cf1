import { getHouseCard } from '@crm/domain/endpoints/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** POST /api/crm/getHouseCard: the steward's card-instalment clients. */
export const houseCardListConfig = () => pagedListConfig(houseKeys.card, getHouseCard, {});

export const useHouseCard = () => usePagedList(houseCardListConfig());
