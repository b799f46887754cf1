import * as E from '@crm/domain/endpoints/contactways';
import { endpointKey } from '../../../lib/endpoint-key.ts';
import { readQuery } from '../../../lib/read-query.ts';

/*
 * 渠道活码 (issue 50 point 1, decision 083) through their endpoint contracts. Writes (make, disable, the offline
 * demo's simulated scan) go through useAdminWrite.
 */

/** The company's QRs, newest first, with how many customers each brought. */
export const useContactWays = readQuery(endpointKey(E.contactWays), E.contactWays, { method: 'GET' });
/** The members a QR can be made for. */
export const useContactWayMembers = readQuery(endpointKey(E.contactWayMembers), E.contactWayMembers, {
  method: 'GET',
});
/** Customers and cases by source. */
export const useContactWayStats = readQuery(endpointKey(E.contactWayStats), E.contactWayStats, { method: 'GET' });
