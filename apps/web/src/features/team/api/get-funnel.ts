import * as E from '@crm/domain/endpoints/cases';
import { readQuery } from '../../../lib/read-query.ts';
import { teamKeys } from './keys.ts';

/** The team's funnel, medians, approval rates and people (decision 058). */
export const useFunnel = readQuery(teamKeys.funnel, E.funnel, { method: 'GET', params: { scope: 'team' } });
