import { houseClientListSchema } from '@crm/domain/api/house';
import { pagedQueryOptions, usePaged } from './paged.ts';

/** GET /api/crm/houseTeam: the leader's team's home-loan clients. */
export const houseTeamQueryOptions = (keyword: string) =>
  pagedQueryOptions(['house', 'team'], '/api/crm/houseTeam', houseClientListSchema, { keyword }, 'GET');

export const useHouseTeam = (keyword: string) => usePaged(houseTeamQueryOptions(keyword));
