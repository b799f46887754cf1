import { moneyListResponseSchema, type MoneyList } from '@crm/domain/api/money';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';
import { moneyKeys } from './keys.ts';

const PAGE_SIZE = 20;

/** POST /api/crm/moneyList: one page of a case's repayments, newest first. */
export async function getMoneyList(clientId: number, cursor: number | undefined, signal?: AbortSignal): Promise<MoneyList> {
  const { data } = await apiPost<unknown>('/api/crm/moneyList', { id: clientId, cursor, limit: PAGE_SIZE }, signal);
  return moneyListResponseSchema.parse(data);
}

export const moneyListQueryOptions = (clientId: number) =>
  infiniteQueryOptions({
    queryKey: moneyKeys.list(clientId),
    queryFn: ({ pageParam, signal }) => getMoneyList(clientId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: clientId > 0,
  });

export function useMoneyList(clientId: number) {
  return useInfiniteQuery(moneyListQueryOptions(clientId));
}
