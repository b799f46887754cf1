import { moneyToConfirmListSchema, type MoneyToConfirmList } from '@crm/domain/api/money';
import { apiRead } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { moneyKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** POST /api/crm/moneyToConfirm: the leader's team repayments waiting for them, newest first. */
export const getMoneyToConfirm = (cursor: number | null, signal?: AbortSignal): Promise<MoneyToConfirmList> =>
  apiRead(
    'POST',
    '/api/crm/moneyToConfirm',
    { cursor: cursor ?? undefined, limit: PAGE_SIZE },
    moneyToConfirmListSchema,
    signal,
  );

export function useMoneyToConfirm() {
  return usePagedList({
    queryKey: moneyKeys.toConfirm(),
    fetchPage: (cursor: number | null, signal: AbortSignal) => getMoneyToConfirm(cursor, signal),
  });
}
