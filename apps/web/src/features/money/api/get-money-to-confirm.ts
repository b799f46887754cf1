import { moneyToConfirmListSchema, type MoneyToConfirmList } from '@crm/domain/api/money';
import { apiPost } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { moneyKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** POST /api/crm/moneyToConfirm: the leader's team repayments waiting for them, newest first. */
export async function getMoneyToConfirm(cursor: number | null, signal?: AbortSignal): Promise<MoneyToConfirmList> {
  const { data } = await apiPost<unknown>(
    '/api/crm/moneyToConfirm',
    { cursor: cursor ?? undefined, limit: PAGE_SIZE },
    signal,
  );
  return moneyToConfirmListSchema.parse(data);
}

export function useMoneyToConfirm() {
  return usePagedList({
    queryKey: moneyKeys.toConfirm(),
    fetchPage: (cursor: number | null, signal: AbortSignal) => getMoneyToConfirm(cursor, signal),
  });
}
