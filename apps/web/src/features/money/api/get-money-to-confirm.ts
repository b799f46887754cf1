import { moneyToConfirm } from '@crm/domain/endpoints/money';
import { useEndpointList } from '../../../lib/read-query.ts';
import { moneyKeys } from './keys.ts';

/** POST /api/crm/moneyToConfirm: the leader's team repayments waiting for them, newest first. */
export const useMoneyToConfirm = () => useEndpointList(moneyKeys.toConfirm(), moneyToConfirm);
