import type { MoneyRecord } from '@crm/domain/api/money';
import { invalidateAfterConfirm } from './keys.ts';
import { postMoneyRecord, useMoneyWrite } from './money-write.ts';

/** POST /api/crm/moneyConfirm: the team leader confirms; the record is frozen after. */
export const confirmMoney = (id: number): Promise<MoneyRecord> => postMoneyRecord('/api/crm/moneyConfirm', { id });

export const useConfirmMoney = (clientId: number) => useMoneyWrite(clientId, confirmMoney, invalidateAfterConfirm);
