import type { MoneyRecord } from '@crm/domain/api/money';
import { postMoneyRecord, useMoneyWrite } from './money-write.ts';

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
  postMoneyRecord('/api/crm/addMoney', { ...input, imgs: input.imgs.join(',') });

export const useAddMoney = (clientId: number) => useMoneyWrite(clientId, addMoney);
