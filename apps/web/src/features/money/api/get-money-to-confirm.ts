import { moneyToConfirmListSchema } from '@crm/domain/api/money';
import { cursorPages } from '../../../lib/api-query.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { moneyKeys } from './keys.ts';

/** POST /api/crm/moneyToConfirm: the leader's team repayments waiting for them, newest first. */
export const useMoneyToConfirm = () =>
  usePagedList({
    queryKey: moneyKeys.toConfirm(),
    fetchPage: cursorPages('POST', '/api/crm/moneyToConfirm', { limit: 20 }, moneyToConfirmListSchema),
  });
