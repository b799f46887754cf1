import { apiPost } from '../../../lib/api-client.ts';
import { useMoneyWrite } from './money-write.ts';

/** POST /api/crm/delMoney: only a record not yet confirmed. */
export async function delMoney(id: number): Promise<void> {
  await apiPost<unknown>('/api/crm/delMoney', { id });
}

export const useDelMoney = (clientId: number) => useMoneyWrite(clientId, delMoney);
