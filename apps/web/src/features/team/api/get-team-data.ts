import * as E from '@crm/domain/endpoints/cases';
import { readQuery } from '../../../lib/read-query.ts';
import { teamKeys } from './keys.ts';

/** The leader's team by status, month and member. */
export const useTeamData = readQuery(teamKeys.data, E.teamData, { method: 'GET' });
