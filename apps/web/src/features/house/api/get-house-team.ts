import { houseTeam } from '@crm/domain/endpoints/house';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys } from './keys.ts';

/** GET /api/crm/houseTeam: the leader's team's home-loan clients. */
export const houseTeamListConfig = (keyword: string) => pagedListConfig(houseKeys.team, houseTeam, { keyword }, 'GET');

export const useHouseTeam = (keyword: string) => usePagedList(houseTeamListConfig(keyword));
