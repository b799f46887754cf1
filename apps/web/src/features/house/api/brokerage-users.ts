import { houseBrokerageUserListSchema } from '@crm/domain/api/house';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type FormFields } from '../../../lib/api-client.ts';
import { usePagedList } from '../../../lib/paged-list.ts';
import { pagedListConfig } from './paged.ts';
import { houseKeys, invalidateHouseList } from './keys.ts';

/** POST /api/crm/houseBrokerageUser: the people brokerage is paid to. */
export const brokerageUserListConfig = (keyword: string) =>
  pagedListConfig(houseKeys.brokerageUsers, '/api/crm/houseBrokerageUser', houseBrokerageUserListSchema, { keyword });

export const useBrokerageUserList = (keyword: string) => usePagedList(brokerageUserListConfig(keyword));

/** POST /api/crm/addHouseBrokerageUser. */
export async function addHouseBrokerageUser(fields: FormFields): Promise<void> {
  await apiPost<unknown>('/api/crm/addHouseBrokerageUser', fields);
}

export function useAddBrokerageUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addHouseBrokerageUser,
    onSuccess: () => invalidateHouseList(client, 'brokerageUsers'),
  });
}
