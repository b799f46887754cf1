import type { MoneyRecord } from '@crm/domain/api/money';
import { addMoney as addMoneyEndpoint } from '@crm/domain/endpoints/money';
import { send } from '../../../lib/send.ts';
import { useMoneyWrite } from './money-write.ts';

export type AddMoneyInput = {
  id: number;
  amount: string;
  paid_on: string;
  method: number;
  card_no: string;
  note: string;
  imgs: number[];
  /** Made when the form opens: a retried submit records once. */
  key: string;
};

/** POST /api/crm/addMoney. */
export const addMoney = (input: AddMoneyInput): Promise<MoneyRecord> =>
  send(addMoneyEndpoint, { ...input, imgs: input.imgs.join(',') });

export const useAddMoney = (clientId: number) => useMoneyWrite(clientId, addMoney);
