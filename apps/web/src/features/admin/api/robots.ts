import * as R from '@crm/domain/endpoints/robots';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery } from '../../../lib/read-query.ts';

/*
 * The company's WeCom group robots (issue 50 point 4, decision 076) through their endpoint contracts. Writes and
 * the test message go through useAdminWrite.
 */

/** The company's robots, oldest first, each webhook masked (a whole list: a company keeps a handful). */
export const useRobots = readQuery(endpointKey(R.robots), R.robots, { method: 'GET' });
