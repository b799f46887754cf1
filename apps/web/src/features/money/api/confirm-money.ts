import type { MoneyRecord } from '@crm/domain/api/money';
import { moneyConfirm } from '@crm/domain/endpoints/money';
import { send } from '../../../lib/send.ts';
import { invalidateAfterConfirm } from './keys.ts';
import { useMoneyWrite } from './money-write.ts';

/** POST /api/crm/moneyConfirm: the team leader confirms; the record is frozen after. */
export const confirmMoney = (id: number): Promise<MoneyRecord> => send(moneyConfirm, { id });

export const useConfirmMoney = (clientId: number) => useMoneyWrite(clientId, confirmMoney, invalidateAfterConfirm);
