import * as S from '@crm/domain/endpoints/scripts';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery } from '../../../lib/read-query.ts';

/* The approved scripts (话术库, decision 080) through their endpoint contracts; writes go through useAdminWrite. */

/** The company's scripts, switched-off ones too (a whole list: a company keeps dozens). */
export const useAdminScripts = readQuery(endpointKey(S.adminScripts), S.adminScripts, { method: 'GET' });

/** Each member's uses, most first. */
export const useScriptUsage = readQuery(endpointKey(S.adminScriptUsage), S.adminScriptUsage, { method: 'GET' });
