import * as E from '@crm/domain/endpoints/cases';
import { useEndpointList } from '../../../lib/read-query.ts';
import { teamKeys } from './keys.ts';

/** Who saw a team client's full phone, ID number or bank card, when (decision 058). */
export const useViewLog = () => useEndpointList(teamKeys.viewLog, E.viewLog, {}, 'GET');
