import * as E from '@crm/domain/endpoints/cases';
import { useEndpointList } from '../../../lib/read-query.ts';
import { teamKeys } from './keys.ts';

/** The appeals of the leader's team. */
export const useTeamAppeal = (status: 'open' | 'all') =>
  useEndpointList(teamKeys.appeal(status), E.teamAppeal, { status }, 'GET');
