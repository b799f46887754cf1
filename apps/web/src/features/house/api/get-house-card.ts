import { houseClientListSchema } from '@crm/domain/api/house';
import { pagedQueryOptions, usePaged } from './paged.ts';

/** POST /api/crm/getHouseCard: the steward's card-instalment clients. */
export const houseCardQueryOptions = () => pagedQueryOptions(['house', 'card'], '/api/crm/getHouseCard', houseClientListSchema, {});

export const useHouseCard = () => usePaged(houseCardQueryOptions());
