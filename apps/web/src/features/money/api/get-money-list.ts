import type { MoneyList } from '@crm/domain/api/money';
import { moneyList } from '@crm/domain/endpoints/money';
import { send } from '../../../lib/send.ts';
import { moneyKeys } from './keys.ts';
import { usePagedList } from '../../../lib/paged-list.ts';

const PAGE_SIZE = 20;

/** POST /api/crm/moneyList: one page of a case's repayments, newest first. */
export const getMoneyList = (clientId: number, cursor: number | null, signal?: AbortSignal): Promise<MoneyList> =>
  send(moneyList, { id: clientId, cursor: cursor ?? undefined, limit: PAGE_SIZE }, { signal });

export const moneyListConfig = (clientId: number) => ({
  queryKey: moneyKeys.list(clientId),
  fetchPage: (cursor: number | null, signal: AbortSignal) => getMoneyList(clientId, cursor, signal),
  enabled: clientId > 0,
});

export function useMoneyList(clientId: number) {
  return usePagedList(moneyListConfig(clientId));
}
