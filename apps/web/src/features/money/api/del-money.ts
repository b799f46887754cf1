import { delMoney as delMoneyEndpoint } from '@crm/domain/endpoints/money';
import { send } from '../../../lib/send.ts';
import { useMoneyWrite } from './money-write.ts';

/** POST /api/crm/delMoney: only a record not yet confirmed. */
export async function delMoney(id: number): Promise<void> {
  await send(delMoneyEndpoint, { id });
}

export const useDelMoney = (clientId: number) => useMoneyWrite(clientId, delMoney);
